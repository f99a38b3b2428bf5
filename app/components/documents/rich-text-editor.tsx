import Image from "@tiptap/extension-image";
import { TaskItem, TaskList } from "@tiptap/extension-list";
import { TableKit } from "@tiptap/extension-table";
import { Placeholder } from "@tiptap/extensions";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "~/components/ui/cx";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icons/icon-names";

export type RichTextEditorProps = {
  /** The HTML the editor starts with. */
  initialContent: string;
  onChange: (html: string) => void;
  /** Stores an image and answers with its URL; throws with a message to show. */
  uploadImage: (file: File) => Promise<string>;
  onImageError: (message: string) => void;
  /** Called once with the editor, for the page to replace its text (a reload, a conflict). */
  onReady: (editor: Editor) => void;
  labelledBy: string;
};

/**
 * The document editor (Tiptap): headings, lists, task lists, tables, links, images, code and
 * quotes, each paragraph in its own direction (dir="auto"), so one text can mix Arabic and
 * English. Loaded only in the browser; the page shows a Markdown field until it is.
 */
export default function RichTextEditor({
  initialContent,
  onChange,
  uploadImage,
  onImageError,
  onReady,
  labelledBy,
}: RichTextEditorProps) {
  const { t } = useTranslation("documents");
  const changed = useRef(onChange);
  changed.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      }),
      TaskList,
      TaskItem.configure({
        nested: true,
        a11y: {
          checkboxLabel: (node, checked) =>
            t(checked ? "editor.taskDone" : "editor.taskOpen", {
              task: node.textContent || t("editor.emptyTask"),
            }),
        },
      }),
      TableKit.configure({ table: { resizable: false } }),
      Image,
      Placeholder.configure({ placeholder: t("editor.placeholder") }),
    ],
    content: initialContent,
    textDirection: "auto",
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: "document-content min-h-[24rem] px-6 py-5 focus:outline-none",
        "aria-labelledby": labelledBy,
        "aria-multiline": "true",
        role: "textbox",
      },
    },
    onUpdate: ({ editor: current }) => changed.current(current.getHTML()),
  });

  useEffect(() => {
    if (editor) onReady(editor);
  }, [editor, onReady]);

  const fileInput = useRef<HTMLInputElement>(null);

  if (!editor) {
    return <p className="px-6 py-5 text-sm text-text-muted">{t("editor.loading")}</p>;
  }

  const addImage = async (file: File) => {
    try {
      const url = await uploadImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, "") })
        .run();
    } catch (error) {
      onImageError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div className="rounded-card border border-border bg-surface shadow-card">
      <Toolbar editor={editor} onImage={() => fileInput.current?.click()} />
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void addImage(file);
        }}
      />
      <EditorContent editor={editor} />
    </div>
  );
}

type ToolButton = {
  key: string;
  icon: IconName;
  label: string;
  run: () => void;
  active?: boolean;
  disabled?: boolean;
};

function Toolbar({ editor, onImage }: { editor: Editor; onImage: () => void }) {
  const { t } = useTranslation("documents");
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      strike: current.isActive("strike"),
      code: current.isActive("code"),
      heading1: current.isActive("heading", { level: 1 }),
      heading2: current.isActive("heading", { level: 2 }),
      heading3: current.isActive("heading", { level: 3 }),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      taskList: current.isActive("taskList"),
      quote: current.isActive("blockquote"),
      codeBlock: current.isActive("codeBlock"),
      link: current.isActive("link"),
      table: current.isActive("table"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = editor.getAttributes("link").href as string | undefined;
    const href = window.prompt(t("editor.linkPrompt"), previous ?? "https://");
    if (href === null) return;
    if (href.trim() === "" || href.trim() === "https://") chain().unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };

  const groups: ToolButton[][] = [
    [
      {
        key: "undo",
        icon: "undo-2",
        label: t("editor.undo"),
        run: () => chain().undo().run(),
        disabled: !state.canUndo,
      },
      {
        key: "redo",
        icon: "redo-2",
        label: t("editor.redo"),
        run: () => chain().redo().run(),
        disabled: !state.canRedo,
      },
    ],
    [
      {
        key: "h1",
        icon: "heading-1",
        label: t("editor.heading1"),
        run: () => chain().toggleHeading({ level: 1 }).run(),
        active: state.heading1,
      },
      {
        key: "h2",
        icon: "heading-2",
        label: t("editor.heading2"),
        run: () => chain().toggleHeading({ level: 2 }).run(),
        active: state.heading2,
      },
      {
        key: "h3",
        icon: "heading-3",
        label: t("editor.heading3"),
        run: () => chain().toggleHeading({ level: 3 }).run(),
        active: state.heading3,
      },
    ],
    [
      {
        key: "bold",
        icon: "bold",
        label: t("editor.bold"),
        run: () => chain().toggleBold().run(),
        active: state.bold,
      },
      {
        key: "italic",
        icon: "italic",
        label: t("editor.italic"),
        run: () => chain().toggleItalic().run(),
        active: state.italic,
      },
      {
        key: "strike",
        icon: "strikethrough",
        label: t("editor.strike"),
        run: () => chain().toggleStrike().run(),
        active: state.strike,
      },
      {
        key: "code",
        icon: "code",
        label: t("editor.code"),
        run: () => chain().toggleCode().run(),
        active: state.code,
      },
      { key: "link", icon: "link", label: t("editor.link"), run: setLink, active: state.link },
    ],
    [
      {
        key: "bullets",
        icon: "list",
        label: t("editor.bulletList"),
        run: () => chain().toggleBulletList().run(),
        active: state.bulletList,
      },
      {
        key: "numbers",
        icon: "list-ordered",
        label: t("editor.orderedList"),
        run: () => chain().toggleOrderedList().run(),
        active: state.orderedList,
      },
      {
        key: "tasks",
        icon: "list-todo",
        label: t("editor.taskList"),
        run: () => chain().toggleTaskList().run(),
        active: state.taskList,
      },
      {
        key: "quote",
        icon: "text-quote",
        label: t("editor.quote"),
        run: () => chain().toggleBlockquote().run(),
        active: state.quote,
      },
      {
        key: "codeBlock",
        icon: "square-code",
        label: t("editor.codeBlock"),
        run: () => chain().toggleCodeBlock().run(),
        active: state.codeBlock,
      },
    ],
    [
      {
        key: "table",
        icon: "table",
        label: t("editor.table"),
        run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
        active: state.table,
      },
      { key: "image", icon: "image", label: t("editor.image"), run: onImage },
    ],
  ];

  return (
    <div
      role="toolbar"
      aria-label={t("editor.toolbar")}
      className="sticky top-0 z-10 flex flex-wrap items-center gap-1 rounded-t-card border-b border-border bg-surface px-2 py-1.5"
    >
      {groups.map((group, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: the groups never move
          key={index}
          className="flex items-center gap-0.5 border-border not-last:border-e not-last:pe-1"
        >
          {group.map((button) => (
            <button
              key={button.key}
              type="button"
              title={button.label}
              aria-label={button.label}
              aria-pressed={button.active === undefined ? undefined : button.active}
              disabled={button.disabled}
              onMouseDown={(event) => event.preventDefault()}
              onClick={button.run}
              className={cx(
                "inline-flex size-8 items-center justify-center rounded-control text-text-muted hover:bg-surface-muted hover:text-text disabled:opacity-40",
                button.active && "bg-accent-soft text-accent",
              )}
            >
              <Icon name={button.icon} />
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}
