import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  connectionTestSchema,
  deleteManyResultSchema,
  IMAGE_PATHS,
  imageListSchema,
  imageResultSchema,
  topImagesSchema,
  UPLOAD_FIELDS,
  usageResultSchema,
  type ImageDto,
  type ImageListQuery,
} from '@shared/images/api.ts';
import { IMAGE_MESSAGES, unexpectedErrorMessage } from '@shared/images/messages.ts';
import type { ApiErrorBody } from '@shared/api.ts';
import { ApiError, apiParsed, del } from '@web/lib/api.ts';

/** The image library API (src/server/images/routes.ts) as TanStack Query hooks; every answer is parsed by its contract schema. */

const IMAGES_KEY = ['images'] as const;

export type ListParams = Pick<ImageListQuery, 'filter' | 'sort' | 'page'> & { search: string };

const listPath = ({ search, filter, sort, page }: ListParams) => {
  const params = new URLSearchParams({ filter, sort, page: String(page) });
  if (search) params.set('search', search);
  return `${IMAGE_PATHS.list}?${params}`;
};

/** One page of the user's images; the last page stays on screen while the next loads. */
export function useImages(params: ListParams) {
  return useQuery({
    queryKey: [...IMAGES_KEY, 'list', params],
    queryFn: () => apiParsed(imageListSchema, 'GET', listPath(params)),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

export function useTopImages() {
  return useQuery({
    queryKey: [...IMAGES_KEY, 'top'],
    queryFn: async () => (await apiParsed(topImagesSchema, 'GET', IMAGE_PATHS.top)).images,
  });
}

/** The pages using each of `ids`, asked right before a delete is confirmed (never from a cache). */
export async function fetchUsage(ids: string[]) {
  return (await apiParsed(usageResultSchema, 'GET', `${IMAGE_PATHS.usage}?ids=${ids.join(',')}`)).images;
}

export function useRefreshImages() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: IMAGES_KEY });
}

export function useUpdateTags() {
  const refresh = useRefreshImages();
  return useMutation({
    mutationFn: async ({ id, tags }: { id: string; tags: string[] }) => (await apiParsed(imageResultSchema, 'PATCH', IMAGE_PATHS.one.path({ id }), { tags })).image,
    onSuccess: refresh,
  });
}

/** Deletes one image (`force` once the person confirmed it is in use); a 409 means a page started using it meanwhile. */
export function deleteImage(id: string, force: boolean) {
  return del(`${IMAGE_PATHS.one.path({ id })}${force ? '?force=true' : ''}`);
}

export function deleteImages(ids: string[], force: boolean) {
  return apiParsed(deleteManyResultSchema, 'POST', IMAGE_PATHS.deleteMany, { ids, force });
}

export function testConnection() {
  return apiParsed(connectionTestSchema, 'POST', IMAGE_PATHS.connectionTest);
}

/**
 * Uploads one file with XMLHttpRequest, whose upload progress events fetch does not have.
 * `onProgress` gets the share sent, 0 to 1. Fails with the server's message (the specified ones),
 * or with the specified 'User not authenticated…' when the session is gone.
 */
export function uploadImageFile(
  file: Blob,
  fileName: string,
  { landingPageId, onProgress }: { landingPageId?: string; onProgress?: (fraction: number) => void } = {},
): Promise<ImageDto> {
  const form = new FormData();
  if (landingPageId) form.append(UPLOAD_FIELDS.landingPageId, landingPageId);
  form.append(UPLOAD_FIELDS.file, file, fileName);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', IMAGE_PATHS.list);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status === 201) {
        const parsed = imageResultSchema.safeParse(body);
        return parsed.success ? resolve(parsed.data.image) : reject(new ApiError(request.status, 'invalid_response', unexpectedErrorMessage('the server answered in a way this page does not understand')));
      }
      if (request.status === 401) return reject(new ApiError(401, 'unauthenticated', IMAGE_MESSAGES.notAuthenticated));
      const error = (body as Partial<ApiErrorBody> | undefined)?.error;
      reject(new ApiError(request.status, error?.code ?? 'http', error?.message ?? unexpectedErrorMessage(`the server answered ${request.status}`)));
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'network', unexpectedErrorMessage('the server could not be reached'))));
    request.send(form);
  });
}
