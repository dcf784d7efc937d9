import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';

/** The 'Votre message' rich-text body (300 px high), TipTap over ProseMirror. */
const RichText = ({
  labelId,
  value,
  onChange,
}: {
  labelId: string;
  value: string;
  onChange: (html: string) => void;
}) => {
  const editor = useEditor({
    extensions: [StarterKit],
    content: value,
    editorProps: {
      attributes: {
        class: 'form-control',
        style: 'height: 300px; overflow-y: auto',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  useEffect(() => {
    if (editor !== null && value === '' && !editor.isEmpty) editor.commands.clearContent();
  }, [editor, value]);
  const tool = (label: string, icon: string, run: () => void, active: boolean) => (
    <Button
      size="sm"
      variant={active ? 'secondary' : 'outline-secondary'}
      aria-label={label}
      aria-pressed={active}
      onClick={run}
    >
      <i className={`bi ${icon}`} aria-hidden="true" />
    </Button>
  );
  return (
    <div>
      {editor !== null && (
        <ButtonGroup className="mb-1">
          {tool(
            'Gras',
            'bi-type-bold',
            () => editor.chain().focus().toggleBold().run(),
            editor.isActive('bold'),
          )}
          {tool(
            'Italique',
            'bi-type-italic',
            () => editor.chain().focus().toggleItalic().run(),
            editor.isActive('italic'),
          )}
          {tool(
            'Liste',
            'bi-list-ul',
            () => editor.chain().focus().toggleBulletList().run(),
            editor.isActive('bulletList'),
          )}
          {tool(
            'Liste numérotée',
            'bi-list-ol',
            () => editor.chain().focus().toggleOrderedList().run(),
            editor.isActive('orderedList'),
          )}
        </ButtonGroup>
      )}
      <EditorContent editor={editor} />
    </div>
  );
};

export default RichText;
