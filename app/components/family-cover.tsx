/**
 * A family cover's code with its plain words, both as the catalogue sends them ("1A: Employee only"):
 * the words have one source, the upstream's family ranges (docs/product.md, Add people).
 */
export function FamilyCover({ range }: { range: { code: string; label: string } }) {
  return (
    <>
      {range.code}: {range.label}
    </>
  );
}
