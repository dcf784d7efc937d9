import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { Button, ButtonGroup } from 'react-bootstrap';
import { Icon } from '../../shared/Icon.tsx';
import { type IconShape, listOl, listUl, typeBold, typeItalic } from '../../shared/icons.ts';

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
  const tool = (label: string, icon: IconShape, run: () => void, active: boolean) => (
    <Button
      size="sm"
      variant={active ? 'secondary' : 'outline-secondary'}
      aria-label={label}
      aria-pressed={active}
      onClick={run}
    >
      <Icon shape={icon} />
    </Button>
  );
  return (
    <div>
      {editor !== null && (
        <ButtonGroup className="mb-1">
          {tool('Gras', typeBold, () => editor.chain().focus().toggleBold().run(), editor.isActive('bold'))}
          {tool(
            'Italique',
            typeItalic,
            () => editor.chain().focus().toggleItalic().run(),
            editor.isActive('italic'),
          )}
          {tool(
            'Liste',
            listUl,
            () => editor.chain().focus().toggleBulletList().run(),
            editor.isActive('bulletList'),
          )}
          {tool(
            'Liste numérotée',
            listOl,
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
