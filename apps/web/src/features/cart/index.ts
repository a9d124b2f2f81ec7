/** The cart feature's face: the cart's state and its quantity stepper. */
export { CartProvider, useCart } from './cart-store';
export { QuantityStepper } from './components/quantity-stepper';
export { CartButton } from './components/cart-button';
