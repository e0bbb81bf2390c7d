import { useEffect, useRef, useState } from "react";

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
 * Spec §2 lazy image: a placeholder first, the image when it nears the viewport (native
 * loading=lazy, so it works without script), and a blank fallback when it fails to load.
 */
export function LazyImage({ src, alt, width, height, className = "", eager = false }: LazyImageProps) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">(src ? "loading" : "failed");
  const ref = useRef<HTMLImageElement>(null);

  // An image that settled before hydration fired its load or error event unheard.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? "loaded" : "failed");
  }, [src]);

  if (state === "failed") {
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
    <span className={`lazy-image ${state === "loaded" ? "lazy-image--loaded" : ""} ${className}`}>
      <img
        ref={ref}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        onLoad={() => setState("loaded")}
        onError={() => setState("failed")}
      />
    </span>
  );
}
