import type { Census } from "~/upstream/members.server";
import { formatCount } from "~/utils/money";

/** The census's table: employees and lives named of those bought, by age band and family cover. */
export function CensusSummary({ summary }: { summary: Census["summary"] }) {
  return (
    <section className="card" aria-labelledby="census">
      <h2 id="census">Bought and named</h2>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Age band and family cover</th>
              <th scope="col" className="num">
                Employees
              </th>
              <th scope="col" className="num">
                Lives covered
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.by_cover.map((b) => (
              <tr key={`${b.band}|${b.range}`}>
                <td>
                  {b.band_label}, {b.range}: {b.range_label}
                </td>
                <td className="num">{`${formatCount(b.employees_named)} of ${formatCount(b.employees_bought)}`}</td>
                <td className="num">{`${formatCount(b.lives_named)} of ${formatCount(b.lives_bought)}`}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total named of bought</th>
              <td className="num">{`${formatCount(summary.employees_named)} of ${formatCount(summary.employees_bought)}`}</td>
              <td className="num">{`${formatCount(summary.lives_named)} of ${formatCount(summary.lives_bought)}`}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
