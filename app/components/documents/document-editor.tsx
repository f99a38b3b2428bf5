import type { Editor } from "@tiptap/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLoaderData } from "react-router";
import { type Choice, SearchableSelectField } from "~/components/form/choice-search";
import { Button } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import { FormAlert } from "~/components/ui/form-alert";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { TextareaField } from "~/components/ui/textarea";
import type { Document, SaveAnswer } from "~/lib/documents";
import { useHydrated } from "~/lib/use-hydrated";
import { ConflictPanel } from "./conflict-panel";

const RichTextEditor = lazy(() => import("./rich-text-editor"));

/** A pause in typing this long saves (ms). */
const autosaveDelayMs = 1200;
/** While offline or after a failed save, the next try comes this much later (ms). */
const retryDelayMs = 5000;

type Status = "saved" | "unsaved" | "saving" | "offline" | "failed" | "conflict";

export type DocumentEditorProps = {
  document: Document;
  markdown: string;
  clients: Choice[];
  clientsTotal: number;
  projects: Choice[];
  projectsTotal: number;
  /** The answer of a save posted without JavaScript, shown with the form. */
  answer?: SaveAnswer;
};

/**
 * The document form: title, client, project and text. Without JavaScript it posts Markdown and
 * the page answers; with it, the editor replaces the Markdown field and every pause in typing
 * saves (autosave), with the state in words next to the Save button. A save refused because
 * someone else saved first shows both texts and lets the writer choose.
 */
export function DocumentEditor({
  document,
  markdown,
  clients,
  clientsTotal,
  projects,
  projectsTotal,
  answer,
}: DocumentEditorProps) {
  const { t } = useTranslation("documents");
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const [editorReady, setEditorReady] = useState(false);
  const [status, setStatus] = useState<Status>("saved");
  const [failure, setFailure] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Extract<SaveAnswer, { stale: unknown }>["stale"] | null>(
    answer && "stale" in answer ? answer.stale : null,
  );
  const [baseVersion, setBaseVersion] = useState(document.version);
  const [othersChanged, setOthersChanged] = useState<string | null>(null);
  const work = useRef({ dirty: false, inFlight: false, timer: 0 as unknown as number });

  const contentHtml = () => editorRef.current?.getHTML() ?? document.content;

  const formData = useCallback(
    (version: number) => {
      const data = new FormData(formRef.current ?? undefined);
      data.delete("markdown");
      data.set("content", editorRef.current?.getHTML() ?? document.content);
      data.set("version", String(version));
      data.set("intent", "save");
      return data;
    },
    [document.content],
  );

  const versionRef = useRef(baseVersion);
  versionRef.current = baseVersion;

  const save = useCallback(async () => {
    const state = work.current;
    window.clearTimeout(state.timer);
    if (!state.dirty || state.inFlight || !editorRef.current) return;
    if (!navigator.onLine) {
      setStatus("offline");
      return;
    }
    state.inFlight = true;
    state.dirty = false;
    setStatus("saving");
    let result: SaveAnswer;
    try {
      const response = await fetch(`/documents/${document.id}/save`, {
        method: "POST",
        body: formData(versionRef.current),
        headers: { Accept: "application/json" },
      });
      result = (await response.json()) as SaveAnswer;
    } catch {
      state.inFlight = false;
      state.dirty = true;
      setStatus("offline");
      state.timer = window.setTimeout(() => void save(), retryDelayMs);
      return;
    }
    state.inFlight = false;
    if ("saved" in result) {
      versionRef.current = result.saved.version;
      setBaseVersion(result.saved.version);
      setFailure(null);
      setStatus(state.dirty ? "unsaved" : "saved");
      if (state.dirty) state.timer = window.setTimeout(() => void save(), autosaveDelayMs);
    } else if ("stale" in result) {
      state.dirty = true;
      setConflict(result.stale);
      setStatus("conflict");
    } else {
      state.dirty = true;
      setFailure(t(`errors.${result.error}`));
      setStatus("failed");
    }
  }, [document.id, formData, t]);

  const changed = useCallback(() => {
    const state = work.current;
    state.dirty = true;
    setStatus((current) => (current === "conflict" ? current : "unsaved"));
    window.clearTimeout(state.timer);
    if (!conflict) state.timer = window.setTimeout(() => void save(), autosaveDelayMs);
  }, [conflict, save]);

  // Back online: what waits is saved.
  useEffect(() => {
    const online = () => {
      if (work.current.dirty) void save();
    };
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [save]);

  // Leaving with unsaved words: the browser asks first.
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (work.current.dirty || work.current.inFlight) event.preventDefault();
    };
    window.addEventListener("beforeunload", beforeUnload);
    return () => window.removeEventListener("beforeunload", beforeUnload);
  }, []);

  const replaceWith = useCallback((next: Document) => {
    const form = formRef.current;
    if (form) {
      (form.elements.namedItem("title") as HTMLInputElement).value = next.title;
      const client = form.elements.namedItem("clientId") as HTMLSelectElement | null;
      if (client) client.value = next.client?.id ?? "";
      const project = form.elements.namedItem("projectId") as HTMLSelectElement | null;
      if (project) project.value = next.project?.id ?? "";
    }
    editorRef.current?.commands.setContent(next.content, { emitUpdate: false });
    versionRef.current = next.version;
    setBaseVersion(next.version);
    work.current.dirty = false;
    setStatus("saved");
  }, []);

  // Someone else's save, heard live: taken in when nothing here waits to be saved.
  const live = useLoaderData<{ document: Document }>().document;
  useEffect(() => {
    if (!editorReady || live.version <= versionRef.current || work.current.inFlight) return;
    if (work.current.dirty || conflict) {
      setOthersChanged(live.updatedBy?.name ?? "");
      return;
    }
    replaceWith(live);
    setOthersChanged(null);
  }, [live, editorReady, conflict, replaceWith]);

  const onReady = useCallback((editor: Editor) => {
    editorRef.current = editor;
    setEditorReady(true);
  }, []);

  const uploadImage = useCallback(
    async (file: File) => {
      const body = new FormData();
      body.set("image", file);
      let response: Response;
      try {
        response = await fetch("/documents/images", { method: "POST", body });
      } catch {
        throw new Error(t("errors.network"));
      }
      const result = (await response.json().catch(() => ({}))) as { url?: string };
      if (!response.ok || !result.url) throw new Error(t("errors.invalidImage"));
      return result.url;
    },
    [t],
  );

  const statusText = {
    saved: t("status.saved"),
    unsaved: t("status.unsaved"),
    saving: t("status.saving"),
    offline: t("status.offline"),
    failed: t("status.failed", { reason: failure ?? "" }),
    conflict: t("status.conflict"),
  }[status];

  const noScriptError = answer && "error" in answer ? t(`errors.${answer.error}`) : null;

  return (
    <div className="space-y-4">
      {conflict ? (
        <ConflictPanel
          conflict={conflict}
          mine={
            editorRef.current
              ? { ...conflict.mine, content: contentHtml(), markdown: null }
              : conflict.mine
          }
          hydrated={editorReady}
          onOverwrite={() => {
            versionRef.current = conflict.current.version;
            setBaseVersion(conflict.current.version);
            setConflict(null);
            work.current.dirty = true;
            void save();
          }}
          onUseTheirs={() => {
            setConflict(null);
            replaceWith(conflict.current);
          }}
        />
      ) : null}
      {othersChanged !== null && !conflict ? (
        <FormAlert tone="info">{t("changedByOther", { name: othersChanged })}</FormAlert>
      ) : null}
      {noScriptError ? <FormAlert tone="error">{noScriptError}</FormAlert> : null}
      {imageError ? (
        <FormAlert tone="error">{t("editor.imageFailed", { reason: imageError })}</FormAlert>
      ) : null}

      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="space-y-4"
        onSubmit={(event) => {
          if (!editorReady) return;
          event.preventDefault();
          work.current.dirty = true;
          void save();
        }}
        onChange={(event) => {
          // The editor reports its own changes; these are the title and the pickers.
          if ((event.target as HTMLElement).closest(".ProseMirror")) return;
          if (editorReady) changed();
        }}
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={baseVersion} />
        <div className="grid gap-3 md:grid-cols-[2fr_1fr_1fr] md:items-start">
          <div className="space-y-1.5">
            <label htmlFor="document-title" className="text-sm font-medium">
              {t("fields.title")}
            </label>
            <Input
              id="document-title"
              name="title"
              dir="auto"
              required
              maxLength={200}
              defaultValue={document.title}
              placeholder={t("untitled")}
            />
          </div>
          <SearchableSelectField
            kind="clients"
            id="document-client"
            name="clientId"
            label={t("fields.client")}
            searchLabel={t("findClient")}
            noneLabel={t("noClient")}
            choices={clients}
            total={clientsTotal}
            current={
              document.client ? { value: document.client.id, label: document.client.name } : null
            }
          />
          <SearchableSelectField
            kind="projects"
            id="document-project"
            name="projectId"
            label={t("fields.project")}
            searchLabel={t("findProject")}
            noneLabel={t("noProject")}
            choices={projects}
            total={projectsTotal}
            current={
              document.project ? { value: document.project.id, label: document.project.name } : null
            }
          />
        </div>

        <span id="document-text-label" className="sr-only">
          {t("editor.label")}
        </span>
        {hydrated ? (
          <Suspense fallback={<MarkdownField markdown={markdown} />}>
            <RichTextEditor
              initialContent={document.content}
              onChange={changed}
              uploadImage={uploadImage}
              onImageError={setImageError}
              onReady={onReady}
              labelledBy="document-text-label"
            />
          </Suspense>
        ) : (
          <MarkdownField markdown={markdown} />
        )}

        <div className="flex flex-wrap items-center justify-end gap-3">
          <p
            role="status"
            aria-label={t("status.label")}
            className={cx(
              "flex items-center gap-1.5 text-sm",
              status === "failed" || status === "conflict" ? "text-danger" : "text-text-muted",
            )}
          >
            {editorReady ? (
              <>
                <Icon
                  name={
                    status === "saving"
                      ? "loader-circle"
                      : status === "offline"
                        ? "cloud-off"
                        : status === "saved"
                          ? "check"
                          : "circle-alert"
                  }
                  className={status === "saving" ? "animate-spin" : undefined}
                />
                {statusText}
              </>
            ) : null}
          </p>
          <Button type="submit">{editorReady ? t("saveNow") : t("save")}</Button>
        </div>
      </Form>
    </div>
  );
}

function MarkdownField({ markdown }: { markdown: string }) {
  const { t } = useTranslation("documents");
  return (
    <TextareaField
      id="document-markdown"
      name="markdown"
      label={t("fields.content")}
      hint={t("hints.markdown")}
      dir="auto"
      rows={18}
      defaultValue={markdown}
    />
  );
}
