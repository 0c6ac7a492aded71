export { ChartFigure } from './chart-figure';
