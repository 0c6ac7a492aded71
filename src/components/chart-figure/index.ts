export { ChartFigure, type AlternativeTable } from './chart-figure';
