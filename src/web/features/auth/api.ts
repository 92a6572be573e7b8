import { apiRequest } from '../../lib/api';

export const requestPasswordReset = (email: string) => apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', { email });
export const resetPassword = (token: string, newPassword: string) =>
  apiRequest<{ message: string }>('POST', '/api/auth/reset-password', { token, newPassword });
