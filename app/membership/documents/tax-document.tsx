// The parts a GST tax invoice and a credit note share on their pages: the supplier, the recipient, the
// lines with their SAC, the tax and the total in words. The upstream's stored data, nothing recomputed.
import { TableScroll } from "~/components/table-scroll";
import type { CreditNote, Invoice } from "~/upstream/tax-documents.server";
import { formatPaiseExact as formatPaise } from "~/utils/money";

type TaxDocument = Invoice | CreditNote;

export function Supplier({ doc: inv }: { doc: TaxDocument }) {
  return (
    <section>
      <h2>Supplier</h2>
      <p>
        <strong>{inv.supplier.name}</strong>
      </p>
      <p>{inv.supplier.address}</p>
      <p>GSTIN: {inv.supplier.gstin}</p>
      <p>
        State: {inv.supplier.state_name} (code {inv.supplier.state_code})
      </p>
      {/* Each supplier issues its own documents (docs/decisions/0047); those issued before say neither. */}
      {inv.supplier.role ? <p>{inv.supplier.role}</p> : null}
      {inv.document_for ? (
        <p>
          <strong>For: {inv.document_for}</strong>
        </p>
      ) : null}
    </section>
  );
}

/** The recipient, then the lines, the tax and the total. */
export function RecipientAndLines({ doc: inv, name }: { doc: TaxDocument; name: "Invoice" | "Credit note" }) {
  return (
    <>
      <section className="invoice__recipient">
        <h2>Bill to (recipient)</h2>
        <p>
          <strong>{inv.recipient.name}</strong>
        </p>
        <p>{inv.recipient.address}</p>
        <p>GSTIN: {inv.recipient.gstin}</p>
        <p>
          State: {inv.recipient.state_name} (code {inv.recipient.state_code}){inv.recipient.is_sez ? ", SEZ unit" : ""}
        </p>
      </section>
      <TableScroll label={`${name} lines`}>
        <table className="stack-table">
          <thead>
            <tr>
              <th scope="col">Description of service</th>
              <th scope="col">SAC</th>
              <th scope="col" className="num">
                Taxable value
              </th>
            </tr>
          </thead>
          <tbody>
            {inv.lines.map((l) => (
              <tr key={l.description}>
                <td>
                  {l.description}
                  <br />
                  <span className="muted small">{l.detail}</span>
                  {l.supplied_by ? (
                    <>
                      <br />
                      <span className="muted small">{l.supplied_by}</span>
                    </>
                  ) : null}
                </td>
                <td data-joiner="SAC">{l.sac}</td>
                <td className="num" data-joiner="·">
                  {formatPaise(l.taxable_paise)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total taxable value
              </th>
              <td className="num">{formatPaise(inv.taxable_paise)}</td>
            </tr>
            {inv.tax_lines.length === 0 ? (
              <tr>
                <th scope="row" colSpan={2}>
                  {"financial_note" in inv && inv.financial_note ? "GST adjusted: none" : "IGST (zero-rated supply)"}
                </th>
                <td className="num">{formatPaise(0)}</td>
              </tr>
            ) : (
              inv.tax_lines.map((t) => (
                <tr key={t.label}>
                  <th scope="row" colSpan={2}>
                    {t.label}
                  </th>
                  <td className="num">{formatPaise(t.paise)}</td>
                </tr>
              ))
            )}
            <tr>
              <th scope="row" colSpan={2}>
                {name} total
              </th>
              <td className="num">{formatPaise(inv.total_paise)}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <p className="invoice__words">Amount in words: {inv.total_in_words}</p>
      {inv.zero_rated_note ? <p className="notice">{inv.zero_rated_note}</p> : null}
      {"financial_note" in inv && inv.financial_note ? <p className="notice">{inv.financial_note}</p> : null}
      {inv.insurer ? (
        <p>
          {inv.supplier.name === inv.insurer.name
            ? null
            : `Insurer: ${inv.insurer.name} (IRDAI Reg. No. ${inv.insurer.irdai_registration_no}). `}
          {inv.policy_number ? `Policy number: ${inv.policy_number}` : "Policy number: issued with the certificate"}.
        </p>
      ) : null}
      {inv.not_modelled ? <p className="muted small">{inv.not_modelled}</p> : null}
    </>
  );
}
