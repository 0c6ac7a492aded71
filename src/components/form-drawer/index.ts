export { DiscardChangesModal, FormActions, FormConflict, FormSaveError } from './form-parts';
export { EditorDrawer, useEditorForm } from './editor-drawer';
