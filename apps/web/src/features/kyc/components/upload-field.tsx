import type { ComponentProps } from 'react';
import { UploadField as SharedUploadField } from '../../../components/upload-field';
import type { FieldError } from '../lib/rules';
import { useErrorText } from './fields';

/** The shared upload field with a KYC rule's error, its message naming the form's field. */
export function UploadField({
  error,
  ...props
}: Omit<ComponentProps<typeof SharedUploadField>, 'error'> & {
  error?: FieldError | null | undefined;
}) {
  const message = useErrorText()(error, props.name);
  return <SharedUploadField {...props} error={message} />;
}
