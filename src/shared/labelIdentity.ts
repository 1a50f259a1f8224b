/**
 * When two dimension labels are the same: the rubric refuses a second one and episode JSON reports it,
 * so both read it here.
 */

/** What is left of a label when case and surrounding spaces are not counted. */
export const labelIdentity = (label: string): string => label.trim().toLocaleLowerCase()

/** Two labels are the same when they differ only in case and surrounding spaces ("Humour", " humour "). */
export const sameLabel = (a: string, b: string): boolean => labelIdentity(a) === labelIdentity(b)
