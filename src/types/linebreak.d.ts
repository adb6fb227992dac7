/** Types of the linebreak package (UAX #14 line breaking), which ships none. */
declare module 'linebreak' {
  /** A break opportunity before `position`; `required` for mandatory breaks (line feeds). */
  interface Break {
    position: number;
    required: boolean;
  }
  /** Iterates over the break opportunities of a text. */
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
