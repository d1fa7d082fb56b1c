/**
 * Intrinsic size of the API's shirt images (an SVG viewBox of 400 x 440). Given to every <img> so
 * the browser reserves the box before the image arrives; the CSS keeps that ratio (object-fit:
 * contain) whatever a future image's own ratio is. Its own module so static pages and vanilla
 * scripts get it without importing React.
 */
export const PRODUCT_IMAGE = { width: 400, height: 440 } as const;
