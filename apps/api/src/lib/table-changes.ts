/** The channel on which the database tells of a change to a watched table (migration 0024). */
export const TABLE_CHANGES_CHANNEL = 'stockyard_table_changes';

/**
 * Whether this process hears the database's notices of changed tables (statement triggers,
 * migration 0024), which reach the open screens as the socket's `changed` (the `tableChanged`
 * event). While it does not, a change can go unheard; when it hears again, `tableChanged` with
 * null tells the screens that anything may have changed meanwhile.
 */
export class TableChanges {
  private listening = false;

  get hearing(): boolean {
    return this.listening;
  }

  /** The notices arrive again (or for the first time). */
  heardAgain(): void {
    this.listening = true;
  }

  /** The notices stopped: a change may go unheard until they arrive again. */
  deaf(): void {
    this.listening = false;
  }
}
