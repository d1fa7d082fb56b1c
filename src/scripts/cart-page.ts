/**
 * The cart page asks for the cart as soon as this script is here, while React is still on its
 * way: on a slow phone the lines then show as the island hydrates, a round trip sooner. The
 * island watches the same store (and this watch lasts as long as the page).
 */
import { watchCart } from '../stores/cart.ts';

watchCart();
