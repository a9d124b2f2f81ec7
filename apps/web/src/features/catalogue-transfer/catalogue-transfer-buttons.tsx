/**
 * The admin panel's Export and Import buttons: the product catalogue as a CSV file, out and in.
 * Each shows only to staff whose permissions allow it (the server checks again).
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useAccess } from '../auth';
import { ImportProductsDialog } from './import-products-dialog';

export const PRODUCT_EXPORT_URL = '/api/products/export';

export function CatalogueTransferButtons() {
  const access = useAccess();
  const [importing, setImporting] = useState(false);
  const canImport =
    access.can('products:create') && access.can('products:update') && access.can('inventory:update');
  return (
    <>
      {access.can('products:read_all') && (
        // A plain link: the browser downloads the file with the session cookie, as the server names it.
        <Button
          component="a"
          href={PRODUCT_EXPORT_URL}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          Export
        </Button>
      )}
      {canImport && (
        <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
          Import
        </Button>
      )}
      <ImportProductsDialog opened={importing} onClose={() => setImporting(false)} />
    </>
  );
}
