import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { imageTypes, maxImageBytes, maxImageDimension } from "~/lib/images";
import { useHydrated } from "~/lib/use-hydrated";
import { Checkbox } from "./ui/checkbox";
import { cx } from "./ui/cx";
import { Icon } from "./ui/icon";

export { imageTypes, maxImageBytes, maxImageDimension };

/** An error the browser can tell before sending the file: its type or its size (a message key). */
export function checkImage(file: File): string | undefined {
  if (!(imageTypes as readonly string[]).includes(file.type)) return "validation:invalidImage";
  if (file.size > maxImageBytes) return "validation:fileTooLarge";
  return undefined;
}

/**
 * An error only decoding tells: a file named and typed as an image whose content is not one (a
 * broken preview otherwise), or one larger than the API takes.
 */
async function checkDecodedImage(url: string): Promise<string | undefined> {
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch {
    return "validation:unreadableImage";
  }
  if (image.naturalWidth > maxImageDimension || image.naturalHeight > maxImageDimension) {
    return "validation:imageTooLarge";
  }
  return undefined;
}

/**
 * The state of an image picker beside the current image: a preview of the chosen file (checked
 * for type and size, then decoded), whether "remove" is ticked, and a reset for after a save. A
 * file that will not do is taken out of the input, so that the form never sends it.
 */
export function useImagePicker() {
  const [preview, setPreview] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [fileName, setFileName] = useState<string | null>(null);
  // Decoding takes a moment: only the latest choice may set the state.
  const latestChoice = useRef(0);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return {
    preview,
    removing,
    setRemoving,
    /** A message key when the chosen file will not do. */
    error,
    fileName,
    async onChange(event: ChangeEvent<HTMLInputElement>) {
      const input = event.currentTarget;
      const file = input.files?.[0];
      const choice = ++latestChoice.current;
      const refuse = (problem: string) => {
        input.value = "";
        setError(problem);
        setFileName(null);
        setPreview(null);
      };
      if (!file) {
        setError(undefined);
        setFileName(null);
        setPreview(null);
        return;
      }
      const problem = checkImage(file);
      if (problem) return refuse(problem);

      const url = URL.createObjectURL(file);
      const decodingProblem = await checkDecodedImage(url);
      if (choice !== latestChoice.current || decodingProblem) URL.revokeObjectURL(url);
      if (choice !== latestChoice.current) return;
      if (decodingProblem) return refuse(decodingProblem);
      setError(undefined);
      setFileName(file.name);
      setPreview(url);
      setRemoving(false);
    },
    reset() {
      latestChoice.current += 1;
      setPreview(null);
      setRemoving(false);
      setError(undefined);
      setFileName(null);
    },
    /** What to show: the preview, nothing when removing, else the current image. */
    shown(current: string | null) {
      return preview ?? (removing ? null : current);
    },
  };
}

/** The state `useImagePicker` keeps, for the fields that show it. */
export type ImagePicker = ReturnType<typeof useImagePicker>;

/**
 * A file input in the page's language. A native file input until hydration (it shows what was
 * chosen without JavaScript); then a button with `chooseLabel` and the chosen file's name. The
 * input itself keeps focus and keys; the button is its visible face for the mouse.
 */
export function FileInput({
  id,
  name,
  accept,
  required,
  describedBy,
  invalid,
  chooseLabel,
  noFileLabel,
  fileName,
  onChange,
}: {
  id: string;
  name: string;
  accept?: string;
  required?: boolean;
  describedBy?: string;
  invalid?: boolean;
  chooseLabel: string;
  noFileLabel: string;
  /** The chosen file's name as the caller keeps it; the input keeps its own when not given. */
  fileName?: string | null;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const [ownFileName, setOwnFileName] = useState<string | null>(null);
  const shownName = fileName === undefined ? ownFileName : fileName;
  return (
    <div className="flex items-center gap-3">
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={accept}
        required={required}
        onChange={(event) => {
          setOwnFileName(event.currentTarget.files?.[0]?.name ?? null);
          onChange?.(event);
        }}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className={cx("peer", hydrated ? "sr-only" : "block w-full text-sm text-text-muted")}
      />
      {hydrated ? (
        <>
          <button
            type="button"
            tabIndex={-1}
            aria-hidden
            onClick={() => inputRef.current?.click()}
            className="inline-flex h-9 shrink-0 cursor-pointer items-center gap-2 rounded-control border border-border bg-surface px-3 text-sm font-medium shadow-card hover:bg-surface-muted peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[var(--color-focus)]"
          >
            <Icon name="upload" />
            {chooseLabel}
          </button>
          <span className="min-w-0 truncate text-sm text-text-muted" dir="auto">
            {shownName ?? noFileLabel}
          </span>
        </>
      ) : null}
    </div>
  );
}

/** An image picker (a photo, a logo): a `FileInput` of images with its label, hint and error. */
export function ImageInput({
  name,
  label,
  hint,
  error,
  fileName,
  chooseLabel,
  noFileLabel,
  onChange,
  accept = imageTypes.join(","),
}: {
  /** The form field's name, also the input's id. */
  name: string;
  label: string;
  hint: string;
  error?: string;
  fileName: string | null;
  chooseLabel: string;
  noFileLabel: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The file types offered (images by default). */
  accept?: string;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={name} className="block text-sm font-medium">
        {label}
      </label>
      <FileInput
        id={name}
        name={name}
        accept={accept}
        onChange={onChange}
        invalid={Boolean(error)}
        describedBy={error ? `${name}-hint ${name}-error` : `${name}-hint`}
        fileName={fileName}
        chooseLabel={chooseLabel}
        noFileLabel={noFileLabel}
      />
      <p id={`${name}-hint`} className="text-xs text-text-muted">
        {hint}
      </p>
      {error ? (
        <p id={`${name}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A record's image in its form (a photo, a logo): the preview (the current image, or the chosen
 * file) beside the picker, and "remove" while the record has an image.
 */
export function ImageField({
  preview,
  picker,
  name,
  removeName,
  hasImage,
  error,
  labels,
  removeLabel,
  className,
}: {
  /** The image as it will be saved (an `Avatar` of `picker.shown(current)`). */
  preview: ReactNode;
  picker: ImagePicker;
  /** The file field's name. */
  name: string;
  /** The name of the "remove" checkbox's field. */
  removeName: string;
  /** The record has an image now, which may be removed. */
  hasImage: boolean;
  error?: string;
  /** The picker's words (`ImageInput`). */
  labels: { label: string; hint: string; chooseLabel: string; noFileLabel: string };
  removeLabel: string;
  className?: string;
}) {
  return (
    <div className={cx("flex items-start gap-5", className)}>
      {preview}
      <div className="min-w-0 flex-1 space-y-3">
        <ImageInput
          name={name}
          error={error}
          fileName={picker.fileName}
          onChange={picker.onChange}
          {...labels}
        />
        {hasImage ? (
          <Checkbox
            name={removeName}
            value="true"
            label={removeLabel}
            checked={picker.removing}
            onChange={(event) => picker.setRemoving(event.currentTarget.checked)}
          />
        ) : null}
      </div>
    </div>
  );
}
