import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Code,
  ImagePlus,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Redo2,
  Underline,
  Undo2,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';

/** Editor height in px (spec section 9). */
export const EDITOR_HEIGHT = 300;

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

function ToolButton({
  label,
  active = false,
  disabled = false,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`rounded p-1.5 text-slate-600 hover:bg-slate-200 disabled:opacity-40 ${active ? 'bg-slate-200 text-slate-900' : ''}`}
    >
      {children}
    </button>
  );
}

/** The spec's toolbar: undo/redo, format, bold/italic/underline, alignment, lists, link, image, code. */
function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      align: (['left', 'center', 'right', 'justify'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      format: ([1, 2, 3] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const icon = 'h-4 w-4';

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 p-1.5"
    >
      <ToolButton label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 className={icon} aria-hidden />
      </ToolButton>
      <ToolButton label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 className={icon} aria-hidden />
      </ToolButton>
      <select
        aria-label="Format"
        value={String(state.format)}
        onChange={(event) => {
          const level = Number(event.target.value);
          if (level === 0) chain().setParagraph().run();
          else
            chain()
              .toggleHeading({ level: level as 1 | 2 | 3 })
              .run();
        }}
        className="mx-1 rounded border border-slate-300 bg-white px-1.5 py-1 text-sm"
      >
        <option value="0">Paragraph</option>
        <option value="1">Heading 1</option>
        <option value="2">Heading 2</option>
        <option value="3">Heading 3</option>
      </select>
      <ToolButton label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold className={icon} aria-hidden />
      </ToolButton>
      <ToolButton label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic className={icon} aria-hidden />
      </ToolButton>
      <ToolButton label="Underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline className={icon} aria-hidden />
      </ToolButton>
      <ToolButton label="Align left" active={state.align === 'left'} onClick={() => chain().setTextAlign('left').run()}>
        <AlignLeft className={icon} aria-hidden />
      </ToolButton>
      <ToolButton
        label="Align center"
        active={state.align === 'center'}
        onClick={() => chain().setTextAlign('center').run()}
      >
        <AlignCenter className={icon} aria-hidden />
      </ToolButton>
      <ToolButton
        label="Align right"
        active={state.align === 'right'}
        onClick={() => chain().setTextAlign('right').run()}
      >
        <AlignRight className={icon} aria-hidden />
      </ToolButton>
      <ToolButton
        label="Justify"
        active={state.align === 'justify'}
        onClick={() => chain().setTextAlign('justify').run()}
      >
        <AlignJustify className={icon} aria-hidden />
      </ToolButton>
      <ToolButton label="Bullet list" active={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <List className={icon} aria-hidden />
      </ToolButton>
      <ToolButton label="Numbered list" active={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered className={icon} aria-hidden />
      </ToolButton>
      <ToolButton
        label="Link"
        active={state.link}
        onClick={() => {
          const previous = editor.getAttributes('link').href as string | undefined;
          const url = window.prompt('Link URL (leave empty to remove the link)', previous ?? 'https://');
          if (url === null) return;
          if (url.trim() === '' || url.trim() === 'https://') chain().extendMarkRange('link').unsetLink().run();
          else if (isHttpUrl(url.trim())) chain().extendMarkRange('link').setLink({ href: url.trim() }).run();
        }}
      >
        <LinkIcon className={icon} aria-hidden />
      </ToolButton>
      <ToolButton
        label="Image"
        onClick={() => {
          const url = window.prompt('Image URL', 'https://');
          if (url && isHttpUrl(url.trim())) chain().setImage({ src: url.trim() }).run();
        }}
      >
        <ImagePlus className={icon} aria-hidden />
      </ToolButton>
      <ToolButton label="Code" active={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
        <Code className={icon} aria-hidden />
      </ToolButton>
    </div>
  );
}

/**
 * The blog form's rich-text editor (Tiptap), height 300 px with the spec's toolbar.
 * Loaded only by the blog form's route. `onChange` receives HTML, or '' when the
 * editor is empty; the server sanitises whatever it is sent.
 */
export default function RichTextEditor({
  value,
  onChange,
  labelledBy,
  invalid = false,
}: {
  value: string;
  onChange: (html: string) => void;
  labelledBy?: string;
  invalid?: boolean;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image,
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        ...(labelledBy && { 'aria-labelledby': labelledBy }),
        class: 'prose-blog h-full min-h-full p-3 text-sm outline-none',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // A post loaded after the editor started (the edit form) replaces its content once.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current && !editor.isFocused) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={`overflow-hidden rounded-lg border bg-white ${invalid ? 'border-red-400' : 'border-slate-300'}`}>
      {editor && <Toolbar editor={editor} />}
      <div style={{ height: EDITOR_HEIGHT }} className="overflow-y-auto">
        <EditorContent editor={editor} className="h-full" />
      </div>
    </div>
  );
}
