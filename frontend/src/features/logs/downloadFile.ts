import { withFeedback } from '@/shared/feedback';
import { getLanguage } from '@/shared/i18n';
import { getToken, http } from '@/shared/request';
import { API_BASE } from '@/shared/request/client';
import { statusText } from '@/shared/request/statusText';

async function fetchFile(url: string): Promise<Response> {
  const token = getToken();
  return fetch(`${API_BASE}${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

async function failureMessage(response: Response): Promise<string> {
  const json = response.headers.get('content-type')?.includes('json');
  const body = json ? ((await response.json().catch(() => null)) as { message?: string } | null) : null;
  return body?.message || statusText(response.status, getLanguage());
}

/**
 * Downloads a file the API streams (not an envelope) with the bearer token and saves it as `fileName`.
 * An expired token is renewed by one ordinary call through the request client (which also handles an
 * ended session), then the download is tried again. Failures are shown to the user here.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const fail = (message: string) => withFeedback((feedback) => feedback.message.error(message));
  let response: Response;
  try {
    response = await fetchFile(url);
    if (response.status === 401) {
      const renewed = await http.get('/user/info/view').then(
        () => true,
        () => false, // the request client has shown why (or ended the session)
      );
      if (!renewed) return;
      response = await fetchFile(url);
    }
  } catch {
    return fail(statusText(0, getLanguage()));
  }
  if (!response.ok) return fail(await failureMessage(response));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
