/**
 * Import products from CSV: choose a file, watch it upload, then either what the import did or
 * every invalid row with its field and reason (nothing is written then). The server checks
 * everything again; the size check here only saves uploading a file that would be refused.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import {
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MESSAGES,
  type ErrorIssue,
  type ProductImportResult,
} from '@shop/schema';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ImportFailed, uploadProductsCsv, type UploadProgress } from './upload-csv';

type State =
  | { step: 'choose' }
  | { step: 'uploading'; progress: UploadProgress }
  | { step: 'failed'; message: string; issues: ErrorIssue[] };

export function ImportProductsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ step: 'choose' });
  // Issue 19: unknown categories are an error unless the user asks to create them.
  const [createCategories, setCreateCategories] = useState(false);
  const busy = state.step === 'uploading';

  const close = () => {
    if (busy) return;
    setFile(null);
    setState({ step: 'choose' });
    onClose();
  };

  const start = async () => {
    if (!file) return;
    if (file.size > PRODUCT_CSV_MAX_BYTES) {
      setState({ step: 'failed', message: PRODUCT_CSV_MESSAGES.tooLarge, issues: [] });
      return;
    }
    setState({ step: 'uploading', progress: { percent: 0 } });
    try {
      const result = await uploadProductsCsv(file, (progress) => setState({ step: 'uploading', progress }), {
        createCategories,
      });
      void Promise.all([
        utils.categories.invalidate(),
        utils.products.invalidate(),
        utils.inventory.invalidate(),
        utils.admin.overview.invalidate(),
      ]);
      toast({ title: 'Products imported', description: summary(result) });
      setState({ step: 'choose' });
      setFile(null);
      onClose();
    } catch (error) {
      const failed = error instanceof ImportFailed ? error : new ImportFailed('The import failed');
      setState({ step: 'failed', message: failed.message, issues: failed.issues });
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Import products" size="lg" closeOnClickOutside={!busy}>
      <Stack>
        <Text size="sm" c="dimmed">
          A CSV file with the columns {PRODUCT_CSV_COLUMNS.join(', ')} (as Export writes them). Products are
          matched by SKU: new SKUs are created, existing ones updated. If any row is invalid, nothing is
          imported.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={16} />}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setState({ step: 'choose' });
          }}
          disabled={busy}
          clearable
        />
        <Checkbox
          label="Create categories the file names that do not exist yet"
          checked={createCategories}
          onChange={(event) => setCreateCategories(event.currentTarget.checked)}
          disabled={busy}
        />
        {state.step === 'uploading' && (
          <Stack gap={4}>
            <Text size="sm">
              {state.progress.percent === null ? 'Importing…' : `Uploading… ${state.progress.percent}%`}
            </Text>
            <Progress
              value={state.progress.percent ?? 100}
              animated={state.progress.percent === null}
              aria-label="Import progress"
            />
          </Stack>
        )}
        {state.step === 'failed' && (
          <Alert color="red" title={state.message}>
            {state.issues.length > 0 && (
              <ScrollArea.Autosize mah={240}>
                <List size="sm" spacing={2}>
                  {state.issues.map((issue, index) => (
                    <List.Item key={index}>
                      {issue.path}: {issue.message}
                    </List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={start} disabled={!file} loading={busy}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function summary(result: ProductImportResult): string {
  const rows = `${result.rows} rows: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged.`;
  const categories = result.categoriesCreated ?? [];
  return categories.length ? `${rows} New categories: ${categories.join(', ')}.` : rows;
}
