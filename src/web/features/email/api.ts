import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxEmail, SendTestEmailRequest } from '../../../contract/email';
import { apiRequest } from '../../lib/api';
import { adminQueries } from '../admin/api';

export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendTestEmailRequest) => apiRequest<OutboxEmail>('POST', '/api/test/send-email', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.overview().queryKey }),
  });
}
