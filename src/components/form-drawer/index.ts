export { DiscardChangesModal, FormActions, FormSaveError } from './form-parts';
export { EditorDrawer, useEditorForm } from './editor-drawer';
