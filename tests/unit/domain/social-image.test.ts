import { expect, it } from 'vitest';
import { BRAND_SOCIAL_IMAGE, productSocialImage, socialImageArt } from '../../../src/domain/social-image.ts';

it("names a product's link picture after its art, and reads the art back from the name", () => {
  for (const art of ['/api/media/shirt/hoops.d71920.ffffff.long-front.svg', '/api/media/image/3f9a0c1d2e4b5a69-800.webp']) {
    const file = productSocialImage(art);
    expect(file).toMatch(/^og\/.+\.jpg$/);
    expect(socialImageArt(file)).toBe(art);
  }
});

it("gives art the API does not serve, or a name that could leave the folder, the brand's picture", () => {
  expect(productSocialImage('https://cdn.example/shirt.png')).toBe(BRAND_SOCIAL_IMAGE);
  expect(productSocialImage('/api/media/../../etc/passwd')).toBe(BRAND_SOCIAL_IMAGE);
  expect(productSocialImage('/api/media/shirt/a b.svg')).toBe(BRAND_SOCIAL_IMAGE);
  expect(socialImageArt(BRAND_SOCIAL_IMAGE)).toBeNull();
  expect(socialImageArt('og/../secret.jpg')).toBeNull();
  expect(socialImageArt('images/logo.svg')).toBeNull();
});
