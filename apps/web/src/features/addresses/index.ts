/** The addresses feature's face: the shopper's saved addresses and the card that manages them. */
export { useAddresses } from './api/use-addresses';
export { DeliveryAddressesCard } from './components/delivery-addresses-card';
