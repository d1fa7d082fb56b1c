/**
 * The cart page asks for the cart as soon as this script is here, while React is still on its
 * way, and draws the lines as soon as they come (cart-preview.ts): on a slow phone the shopper
 * sees them a second or more before the island takes over. The island watches the same store
 * (and this watch lasts as long as the page).
 */
import { watchCart } from '../stores/cart.ts';
import { previewCart } from './cart-preview.ts';

previewCart();
watchCart();
