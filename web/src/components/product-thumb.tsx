/**
 * A list row's product thumbnail (products and inventory): the 320-px rendition the API signs (issue 23,
 * never the upload itself), loaded when it comes near the viewport, decoded off the main thread, its
 * box fixed (48 × 48 CSS px by the lists' `.product-thumb`, and width and height given for the space
 * before CSS applies) so nothing moves when it arrives.
 */
export function ProductThumb({ src }: { src: string }) {
  return <img src={src} alt="" className="product-thumb" loading="lazy" decoding="async" width={48} height={48} />;
}
