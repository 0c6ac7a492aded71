export { DiscardChangesModal, FormActions, FormDrawer, FormSaveError, useWarnBeforeUnload } from './form-parts';
