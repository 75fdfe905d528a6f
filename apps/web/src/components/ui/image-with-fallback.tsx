import { thumbnailOf } from '@haat/contract';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';

/**
 * An image that shows a placeholder when it is missing or fails to load (spec section
 * 8). With `thumbnail`, an uploaded image shows its small thumbnail (issue 27: a list
 * of 50 products downloads 50 small pictures, not 50 photos).
 */
export function ImageWithFallback({
  src: address,
  alt,
  className = '',
  thumbnail = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  thumbnail?: boolean;
}) {
  const src = address && thumbnail ? thumbnailOf(address) : address;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex items-center justify-center bg-slate-100 text-slate-400 ${className}`}
      >
        <ImageOff className="h-1/2 max-h-6 w-1/2 max-w-6" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={`object-cover ${className}`}
      onError={() => setFailedSrc(src)}
    />
  );
}
