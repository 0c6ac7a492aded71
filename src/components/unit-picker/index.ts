export { UnitPicker, type UnitPickerText, type UnitSource } from './unit-picker';
