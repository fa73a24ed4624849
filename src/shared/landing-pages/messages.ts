import { GRID, MAX_NESTING_DEPTH } from './constants.ts';

/** Why the document refuses an operation or stored content. */
export const MODEL_MESSAGES = {
  tooDeep: `Components cannot be nested more than ${MAX_NESTING_DEPTH} levels deep`,
  gridCellsStay: "Grid cells belong to their grid: change the grid's column count instead",
  intoGridCell: "Add components to one of the grid's cells, not to the grid itself",
  holdsNothing: (type: string) => `A ${type} cannot hold other components`,
  onlyGridCells: 'A grid holds only gridCell components',
  gridCellOutsideGrid: 'Only a grid can hold a gridCell',
  gridColumns: `A grid has ${GRID.minColumns} to ${GRID.maxColumns} columns`,
  sectionsMoveUpDown: 'Sections move only up and down',
  notIntoItself: 'A component cannot be moved into itself',
  notFound: (id: string) => `No section or component with id "${id}"`,
  duplicateId: (id: string) => `The id "${id}" is already used on this page`,
  position: (index: number, length: number) => `Position ${index} is outside 0 to ${length}`,
  invalidValue: (label: string, reason: string) => `${label}: ${reason}`,
  noTextStyle: (type: string, style: string) => `A ${type} has no ${style} setting`,
  wrongType: (expected: string, type: string) => `Expected a ${expected}, not a ${type}`,
} as const;
