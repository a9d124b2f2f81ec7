/** The catalogue transfer feature's face: the Export and Import buttons of the product screens. */
export { CatalogueTransferButtons } from './catalogue-transfer-buttons';
