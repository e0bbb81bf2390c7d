/**
 * Each kind of change during the year named as the statement, its CSV and the pages name it
 * (docs/product.md, Changes during the year: the statement): a newborn or a marriage is never
 * called a joiner.
 */
export interface ChangeKindOf {
  kind: "add" | "remove";
  event: "marriage" | "birth" | null;
}

/** The statement's words: "Joiner added", "Newborn added", "Spouse added (marriage)", "Leaver removed". */
export function changeKindLabel(c: ChangeKindOf): string {
  if (c.kind === "remove") return "Leaver removed";
  if (c.event === "birth") return "Newborn added";
  if (c.event === "marriage") return "Spouse added (marriage)";
  return "Joiner added";
}

/** The CSV's `change` column: one plain word a spreadsheet filter can use. */
export function changeKindCode(c: ChangeKindOf): "joiner" | "newborn" | "spouse" | "leaver" {
  if (c.kind === "remove") return "leaver";
  if (c.event === "birth") return "newborn";
  if (c.event === "marriage") return "spouse";
  return "joiner";
}
