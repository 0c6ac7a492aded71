import { useEffect } from 'react';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { createEditorMachine } from '@machines/editor/editor.machine';
import { FormActions, FormDrawer, FormSaveError } from '@/components/form-drawer';
import { useCharacterCounter, useFieldErrorText } from '@/lib/field-error-text';
import type { RoleId } from '@/lib/roles';
import { ROLE_IDS, type OrganizationOption, type SavedUser, type UserFormValues } from '../api/types';
import { USER_TEXT_RULES } from '../schema';

type EditorRef = ActorRefFrom<ReturnType<typeof createEditorMachine<UserFormValues, SavedUser>>>;

export interface UserFormRules {
  /** The roles this viewer may give in this form (can(): never above their own, never their own). */
  roleAllowed: (role: RoleId, mode: 'create' | 'edit', recordId: string | null) => boolean;
  /** Organizations to choose from (super admins); null: the viewer's own organization is used. */
  organizations: OrganizationOption[] | null;
}

/**
 * Invite/edit form. Mantine's form holds the inputs; the editor machine owns validation, saving, the
 * server's field errors (unique username and e-mail) and the discard question.
 */
function UserForm({ editor, rules }: { editor: EditorRef; rules: UserFormRules }) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText('users');
  const counter = useCharacterCounter();
  const initial = useSelector(editor, (s) => s.context.values);
  const fieldErrors = useSelector(editor, (s) => s.context.fieldErrors);
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const failed = useSelector(editor, (s) => s.matches({ form: 'failed' }));
  const formError = useSelector(editor, (s) => s.context.formError);
  const mode = useSelector(editor, (s) => s.context.mode);
  const recordId = useSelector(editor, (s) => s.context.id);

  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: initial,
    onValuesChange: (values) => editor.send({ type: 'editor.change', values }),
  });

  useEffect(() => {
    const translated: Record<string, string> = {};
    for (const [field, code] of Object.entries(fieldErrors)) {
      const max = field === 'fullName' ? USER_TEXT_RULES.fullName.max : undefined;
      translated[field] = errorText(code, { label: t(`users.fields.${field}`), max }) ?? code;
    }
    form.setErrors(translated);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the machine's errors drive this
  }, [fieldErrors]);

  const roles = ROLE_IDS.filter((r) => r === initial.roleId || rules.roleAllowed(r, mode, recordId));
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        editor.send({ type: 'editor.submit' });
      }}
    >
      <Stack gap="sm">
        {failed && <FormSaveError>{hasFieldErrors ? t('data-list.fixErrors') : (formError ?? t('users.errors.saveFailed'))}</FormSaveError>}
        <TextInput
          label={t('users.fields.fullName')}
          required
          description={counter(form.values.fullName, USER_TEXT_RULES.fullName.max)}
          data-autofocus
          {...form.getInputProps('fullName')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('users.fields.username')} required autoComplete="off" {...form.getInputProps('username')} />
          <TextInput label={t('users.fields.email')} required type="email" autoComplete="off" {...form.getInputProps('email')} />
        </SimpleGrid>
        <TextInput label={t('users.fields.phone')} type="tel" {...form.getInputProps('phone')} />
        <Select
          label={t('users.fields.roleId')}
          required
          description={t('users.fields.roleHint')}
          data={roles.map((r) => ({ value: String(r), label: t(`users.roles.${r}`), disabled: !rules.roleAllowed(r, mode, recordId) }))}
          allowDeselect={false}
          {...form.getInputProps('roleId')}
          value={form.values.roleId ? String(form.values.roleId) : null}
          onChange={(v) => form.setFieldValue('roleId', (v ? Number(v) : 0) as RoleId | 0)}
        />
        {rules.organizations && (
          <Select
            label={t('users.fields.organizationId')}
            required
            searchable
            limit={50}
            data={rules.organizations.map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }))}
            nothingFoundMessage={t('users.filters.noOrganization')}
            {...form.getInputProps('organizationId')}
            value={form.values.organizationId || null}
            onChange={(v) => form.setFieldValue('organizationId', v ?? '')}
          />
        )}
        <FormActions
          mt="sm"
          onCancel={() => editor.send({ type: 'editor.close' })}
          cancelDisabled={busy}
          busy={busy}
          submitLabel={mode === 'create' ? t('users.actions.sendInvite') : t('common.save')}
        />
      </Stack>
    </form>
  );
}

export function UserFormDrawer({ editor, rules }: { editor: EditorRef; rules: UserFormRules }) {
  const { t } = useTranslation();
  const opened = useSelector(editor, (s) => s.hasTag('open'));
  const confirming = useSelector(editor, (s) => s.matches({ form: 'confirmingDiscard' }));
  const mode = useSelector(editor, (s) => s.context.mode);
  const sessionKey = useSelector(editor, (s) => `${s.context.mode}:${s.context.id ?? 'new'}:${String(s.matches({ form: 'closed' }))}`);
  const dirty = useSelector(editor, (s) => s.hasTag('dirty'));
  return (
    <FormDrawer
      opened={opened}
      title={mode === 'create' ? t('users.form.createTitle') : t('users.form.editTitle')}
      dirty={dirty}
      confirmingDiscard={confirming}
      onClose={() => editor.send({ type: 'editor.close' })}
      onDiscardConfirm={() => editor.send({ type: 'editor.discard.confirm' })}
      onDiscardCancel={() => editor.send({ type: 'editor.discard.cancel' })}
    >
      {opened && <UserForm key={sessionKey} editor={editor} rules={rules} />}
    </FormDrawer>
  );
}
