export { UnitPicker, unitPickerMachine, type UnitPickerText, type UnitSource } from './unit-picker';
