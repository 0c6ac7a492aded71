import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { createEditorMachine } from '@machines/editor/editor.machine';
import { EditorDrawer, FormActions, FormConflict, FormSaveError, useEditorForm } from '@/components/form-drawer';
import { useCharacterCounter } from '@/lib/field-error-text';
import type { RoleId } from '@/lib/roles';
import { ROLE_IDS, type OrganizationOption, type SavedUser, type UserFormValues } from '../api/types';
import { USER_TEXT_RULES } from '../schema';

type EditorRef = ActorRefFrom<ReturnType<typeof createEditorMachine<UserFormValues, SavedUser>>>;

export interface UserFormRules {
  /** The roles this viewer may give in this form (can(): never above their own, never their own). */
  roleAllowed: (role: RoleId, mode: 'create' | 'edit', recordId: string | null) => boolean;
  /** Organizations to choose from (super admins; only the active ones are offered); null: the viewer's own organization is used. */
  organizations: OrganizationOption[] | null;
}

/**
 * Invite/edit form. Mantine's form holds the inputs; the editor machine owns validation, saving, the
 * server's field errors (unique username and e-mail) and the discard question.
 */
function UserForm({ editor, rules }: { editor: EditorRef; rules: UserFormRules }) {
  const { t } = useTranslation();
  const counter = useCharacterCounter();
  const { form, initial, mode, recordId, failed, formError, hasFieldErrors, conflict, onSubmit, actions } = useEditorForm(
    editor,
    'users',
    (field) => ({
      label: t(`users.fields.${field}`),
      max: field === 'fullName' ? USER_TEXT_RULES.fullName.max : undefined,
      // A conflict names the role and the organization, not their ids.
      show:
        field === 'roleId'
          ? (value) => (value ? t(`users.roles.${String(value)}`) : '')
          : field === 'organizationId'
            ? (value) => {
                const organization = rules.organizations?.find((o) => o.id === value);
                return organization ? `${organization.name} (${organization.code})` : String(value ?? '');
              }
            : undefined,
    }),
  );
  const roles = ROLE_IDS.filter((r) => r === initial.roleId || rules.roleAllowed(r, mode, recordId));
  // Only an active organization receives a user (a suspended or archived one cannot sign in);
  // a user's current organization stays shown, greyed, when it is not active.
  const organizationChoices = rules.organizations
    ?.filter((o) => o.status === 'active' || o.id === initial.organizationId)
    .map((o) => ({ value: o.id, label: `${o.name} (${o.code})`, disabled: o.status !== 'active' }));
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {failed && <FormSaveError>{hasFieldErrors ? t('data-list.fixErrors') : (formError ?? t('users.errors.saveFailed'))}</FormSaveError>}
        {conflict && <FormConflict conflict={conflict} />}
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
        {organizationChoices && (
          <Select
            label={t('users.fields.organizationId')}
            required
            searchable
            limit={50}
            data={organizationChoices}
            nothingFoundMessage={t('users.filters.noOrganization')}
            {...form.getInputProps('organizationId')}
            value={form.values.organizationId || null}
            onChange={(v) => form.setFieldValue('organizationId', v ?? '')}
          />
        )}
        <FormActions mt="sm" {...actions} submitLabel={mode === 'create' ? t('users.actions.sendInvite') : t('common.save')} />
      </Stack>
    </form>
  );
}

export function UserFormDrawer({ editor, rules }: { editor: EditorRef; rules: UserFormRules }) {
  const { t } = useTranslation();
  return (
    <EditorDrawer editor={editor} titles={{ create: t('users.form.createTitle'), edit: t('users.form.editTitle') }}>
      <UserForm editor={editor} rules={rules} />
    </EditorDrawer>
  );
}
