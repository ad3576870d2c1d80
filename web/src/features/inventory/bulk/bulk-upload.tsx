import { Button, Heading } from '@aws-amplify/ui-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { useErrorText } from '../../../lib/error-message';
import { useUploadBulkFile } from './api/upload-bulk-file';
import type { BulkJob } from './api/bulk-jobs';

/**
 * Step 2: the edited file, uploaded for its dry run. Choosing another file forgets the check still on
 * its way for the one before (the mutation is reset: its answer reaches no one). Not on
 * react-hook-form: one file input whose one rule ("choose a file") has no schema to share with the
 * API, which reads the file's content, not a form's values.
 */
export function BulkUpload({ onChosen, onChecked }: { onChosen(): void; onChecked(job: BulkJob): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadBulkFile();
  const [missing, setMissing] = useState(false);
  const chosen = () => {
    upload.reset();
    setMissing(false);
    onChosen();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    upload.reset();
    setMissing(!file);
    if (file) upload.mutate(file, { onSuccess: onChecked });
  };
  const failed = upload.error ? errorText(upload.error) : null;
  return (
    <section className="bulk-step" aria-labelledby="bulk-upload-heading">
      <Heading level={2} id="bulk-upload-heading">
        {t('bulk_upload_heading')}
      </Heading>
      <form className="bulk-upload" onSubmit={submit} noValidate>
        <label htmlFor="bulk-file">{t('bulk_file_label')}</label>
        <input
          id="bulk-file"
          ref={input}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          data-testid="bulk-file"
          aria-describedby={missing ? 'bulk-file-missing' : undefined}
          onChange={chosen}
        />
        <Button type="submit" variation="primary" size="small" isLoading={upload.isPending} loadingText={t('bulk_checking')} data-testid="bulk-check">
          {t('bulk_check')}
        </Button>
      </form>
      {missing && (
        <p id="bulk-file-missing" className="field-error" role="alert">
          {t('bulk_choose_file')}
        </p>
      )}
      {failed && (
        <Alert tone="error" testId="bulk-upload-error" onDismiss={upload.reset} dismissLabel={t('dismiss')} detail={failed.detail}>
          {t('bulk_upload_failed', { message: failed.message })}
        </Alert>
      )}
    </section>
  );
}
