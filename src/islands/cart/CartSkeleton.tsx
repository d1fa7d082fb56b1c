/** Placeholder lines while the cart loads: the same boxes as real lines, so nothing jumps. */
export function CartSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <div className="cart-skeleton" role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="cart-skeleton-line" aria-hidden="true">
          <span className="cart-skeleton-image" />
          <span className="cart-skeleton-text">
            <span className="cart-skeleton-bar cart-skeleton-bar--wide" />
            <span className="cart-skeleton-bar" />
            <span className="cart-skeleton-bar cart-skeleton-bar--short" />
          </span>
          <span className="cart-skeleton-controls" />
        </div>
      ))}
    </div>
  );
}
