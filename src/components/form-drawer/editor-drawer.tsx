import { Fragment, useEffect, type FormEvent, type ReactNode } from 'react';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { EditorMachine, EditorMode } from '@machines/editor/editor.machine';
import { useFieldErrorText, type FieldInfo } from '@/lib/field-error-text';
import { FormDrawer } from './form-parts';

/** What Mantine's form accepts as values (its own constraint, so record types and interfaces both fit). */
type FormValues = NonNullable<NonNullable<Parameters<typeof useForm>[0]>['initialValues']>;

export type EditorRef<V extends FormValues, T> = ActorRefFrom<EditorMachine<V, T>>;

/**
 * The form drawer of an editor machine: open while the machine is, titled by its mode, asking before
 * discarding. The form inside remounts for every editing session, so it starts from that session's values.
 */
export function EditorDrawer<V extends FormValues, T>({
  editor,
  titles,
  children,
}: {
  editor: EditorRef<V, T>;
  titles: Record<EditorMode, string>;
  children: ReactNode;
}) {
  const opened = useSelector(editor, (s) => s.hasTag('open'));
  const confirming = useSelector(editor, (s) => s.matches({ form: 'confirmingDiscard' }));
  const mode = useSelector(editor, (s) => s.context.mode);
  const sessionKey = useSelector(editor, (s) => `${s.context.mode}:${s.context.id ?? 'new'}:${String(s.matches({ form: 'closed' }))}`);
  const dirty = useSelector(editor, (s) => s.hasTag('dirty'));
  return (
    <FormDrawer
      opened={opened}
      title={titles[mode]}
      dirty={dirty}
      confirmingDiscard={confirming}
      onClose={() => editor.send({ type: 'editor.close' })}
      onDiscardConfirm={() => editor.send({ type: 'editor.discard.confirm' })}
      onDiscardCancel={() => editor.send({ type: 'editor.discard.cancel' })}
    >
      {opened && <Fragment key={sessionKey}>{children}</Fragment>}
    </FormDrawer>
  );
}

/**
 * A Mantine form bound to an editor machine: the inputs live in the form, every change goes to the machine,
 * and the machine's field errors (schema or server) come back translated under their fields.
 * `field` names a field's label and limit for its messages; `namespace` holds its `errors.*` texts.
 */
export function useEditorForm<V extends FormValues, T>(editor: EditorRef<V, T>, namespace: string, field: (name: string) => FieldInfo) {
  const errorText = useFieldErrorText(namespace);
  const initial = useSelector(editor, (s) => s.context.values);
  const fieldErrors = useSelector(editor, (s) => s.context.fieldErrors);
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const failed = useSelector(editor, (s) => s.matches({ form: 'failed' }));
  const formError = useSelector(editor, (s) => s.context.formError);
  const mode = useSelector(editor, (s) => s.context.mode);
  const recordId = useSelector(editor, (s) => s.context.id);
  const conflict = useSelector(editor, (s) => (s.matches({ form: 'conflict' }) ? s.context.conflict : null));

  const form = useForm<V>({
    mode: 'controlled',
    initialValues: initial,
    onValuesChange: (values) => editor.send({ type: 'editor.change', values }),
  });

  useEffect(() => {
    const translated: Record<string, string> = {};
    for (const [name, code] of Object.entries(fieldErrors)) translated[name] = errorText(code, field(name)) ?? code;
    form.setErrors(translated);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the machine's errors drive this
  }, [fieldErrors]);

  return {
    form,
    initial,
    mode,
    recordId,
    failed,
    formError,
    hasFieldErrors: Object.keys(fieldErrors).length > 0,
    onSubmit: (e: FormEvent) => {
      e.preventDefault();
      editor.send({ type: 'editor.submit' });
    },
    /** The change made elsewhere that refused the save, field by field beside the form's values (FormConflict), or null. */
    conflict: conflict && {
      changedBy: conflict.changedBy,
      changedAt: conflict.changedAt,
      fields: Object.keys(conflict.theirs)
        .filter((key) => JSON.stringify(conflict.theirs[key]) !== JSON.stringify(form.values[key]))
        .map((key) => {
          const { label, show } = field(key);
          const shown = (value: unknown) => (show ? show(value) : value);
          return { key, label, theirs: shown(conflict.theirs[key]), mine: shown(form.values[key]) };
        }),
      takeTheirs: () => {
        editor.send({ type: 'editor.conflict.takeTheirs' });
        // The inputs show their values too (the form holds the inputs' state).
        form.setValues(conflict.theirs);
      },
      keepMine: () => editor.send({ type: 'editor.conflict.keepMine' }),
      cancel: () => editor.send({ type: 'editor.conflict.cancel' }),
    },
    /** Props of FormActions: cancel closes (and may ask), both wait while saving. */
    actions: { onCancel: () => editor.send({ type: 'editor.close' }), cancelDisabled: busy, busy },
  };
}
