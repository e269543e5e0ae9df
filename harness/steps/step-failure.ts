/** A step that did not do what the scenario says: what was expected and what was found. */
export class StepFailure extends Error {
  constructor(
    readonly expected: string,
    readonly found: string,
  ) {
    super(`expected ${expected}; found ${found}`)
    this.name = 'StepFailure'
  }
}
