/** Placeholder lines while the cart loads: the same boxes as real lines, so nothing jumps. */
export function CartSkeleton({ label, rows, className }: { label: string; rows: number; className?: string }) {
  return (
    <div className={className ? `cart-skeleton ${className}` : 'cart-skeleton'} role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="cart-skeleton-line" aria-hidden="true">
          <span className="skeleton cart-skeleton-image" />
          <span className="cart-skeleton-text">
            <span className="skeleton cart-skeleton-bar cart-skeleton-bar--wide" />
            <span className="skeleton cart-skeleton-bar" />
            <span className="skeleton cart-skeleton-bar cart-skeleton-bar--short" />
          </span>
          <span className="skeleton cart-skeleton-controls" />
        </div>
      ))}
    </div>
  );
}
