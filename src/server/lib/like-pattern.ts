// Text typed by people used in SQL LIKE: `%`, `_` and `\` are taken literally
// (the query says `escape '\'`), and matching is case-insensitive by lowering
// both sides (SQLite's lower() folds ASCII only; Chinese is unaffected).

/** The text with LIKE's wildcards and the escape character escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A pattern matching values that contain the text, in lower case. */
export const containsPattern = (text: string) => `%${escapeLike(text.toLowerCase())}%`;
