interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Above the fold: load at once instead of when near the viewport. */
  eager?: boolean;
}

/**
 * Lazy image (docs/product.md, Page behaviour): the image when it nears the viewport (native loading=lazy, so it works
 * without script), the reserved width and height as its placeholder, and a blank tile when there
 * is no image. The page's script (enhance/lazy-images.ts) tints the tile while the image loads and
 * leaves the blank tile when it fails.
 */
export function LazyImage({ src, alt, width, height, className = "", eager = false }: LazyImageProps) {
  if (!src) {
    return (
      <span
        className={`lazy-image lazy-image--blank ${className}`}
        style={{ width, aspectRatio: `${width} / ${height}` }}
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
      />
    );
  }
  return (
    <span className={`lazy-image ${className}`}>
      <img src={src} alt={alt} width={width} height={height} loading={eager ? "eager" : "lazy"} decoding="async" />
    </span>
  );
}
