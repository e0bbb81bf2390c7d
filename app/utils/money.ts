/** Rupees in Indian digit grouping; paise shown only when there are some. */
const whole = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 });

export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? whole.format(paise / 100) : exact.format(paise / 100);
}

/** Always with paise, as a tax invoice writes amounts: ₹3,384.00. */
export function formatPaiseExact(paise: number): string {
  return exact.format(paise / 100);
}

export function formatRupees(rupees: number): string {
  return whole.format(rupees);
}

const count = new Intl.NumberFormat("en-IN");
export function formatCount(n: number): string {
  return count.format(n);
}
