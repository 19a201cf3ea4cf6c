import { uploadsMessages } from '#shared/message-catalogue/uploads';
import { acceptedFormats, parseUploadKey, UPLOAD_RULES, type UploadPurpose } from '#shared/upload-schemas';
import { Box, Button, IconButton, Image, Link, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { LuFileText, LuImagePlus, LuX } from 'react-icons/lu';
import { notify } from '@/components/ui/notify';
import { uploadableFile, uploadFile } from '@/lib/uploads';

export interface UploadedImage {
  key: string;
  /** A local preview (object URL) or the presigned URL of a file saved earlier. */
  previewUrl: string | null;
}

interface ImageUploaderProps {
  label: string;
  purpose: UploadPurpose;
  /** 1 for the profile photo (a new one replaces it), 5 for diplomas. */
  max: number;
  value: UploadedImage[];
  onChange: (images: UploadedImage[]) => void;
}

/** The toasts of an upload, in the words of what is sent: a photo, or a diploma (maybe a PDF). */
function wordingOf(purpose: UploadPurpose) {
  const uploads = uploadsMessages;
  return purpose === 'diploma'
    ? { failed: uploads.diplomaUploadError, done: uploads.diplomaUploadSuccess }
    : { failed: uploads.uploadError, done: uploads.uploadSuccess };
}

/**
 * Picks and uploads the files of a purpose (spec §5, issue 28): its types (UPLOAD_RULES: images, and
 * PDFs for diplomas), at most `max`, extra files ignored. Each file goes to S3 through a presigned
 * POST as soon as it is picked; a file the purpose does not take is refused at once, with the
 * formats it takes and the size limit, which the uploader also says beforehand.
 */
export function ImageUploader({ label, purpose, max, value, onChange }: ImageUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [uploading, setUploading] = useState(0);
  const replaces = max === 1;
  const room = replaces ? 1 : max - value.length;
  const wording = wordingOf(purpose);
  const formats = uploadsMessages.acceptedFormats(acceptedFormats(purpose));

  const handleFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.currentTarget.files ?? []).slice(0, room); // extra files ignored
    event.currentTarget.value = '';
    let images = value;
    for (const file of picked) {
      setUploading((n) => n + 1);
      try {
        const uploadable = await uploadableFile(file, purpose);
        if (!uploadable) {
          notify.error({ title: uploadsMessages.refusedTitle, description: formats });
          continue;
        }
        const key = await uploadFile(uploadable, purpose);
        const uploaded = { key, previewUrl: URL.createObjectURL(uploadable) };
        images = replaces ? [uploaded] : [...images, uploaded];
        onChange(images);
        notify.success({ title: wording.done });
      } catch (error) {
        console.error(error);
        notify.error({ title: uploadsMessages.uploadErrorTitle, description: wording.failed });
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  return (
    <Stack gap="3">
      <Stack gap="0.5">
        <Text fontWeight="medium">
          {label}{' '}
          <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
            ({value.length}/{max})
          </Text>
        </Text>
        <Text id={hintId} fontSize="sm" color="fg.muted">
          {formats}
        </Text>
      </Stack>
      {value.length > 0 && (
        <SimpleGrid columns={{ base: 3, sm: 5 }} gap="2">
          {value.map((image, index) => (
            <Box key={image.key} position="relative" aspectRatio="1" rounded="md" overflow="hidden" bg="bg.muted" borderWidth="1px">
              {parseUploadKey(image.key)?.contentType === 'application/pdf' ? (
                <PdfTile name={`${label} ${index + 1}`} url={image.previewUrl} />
              ) : (
                image.previewUrl && <Image src={image.previewUrl} alt={`${label} ${index + 1}`} objectFit="cover" w="full" h="full" />
              )}
              <IconButton
                aria-label={`Retirer ${label.toLowerCase()} ${index + 1}`}
                size="2xs"
                position="absolute"
                top="1"
                right="1"
                colorPalette="red"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <LuX />
              </IconButton>
            </Box>
          ))}
        </SimpleGrid>
      )}
      <input
        ref={input}
        type="file"
        // The purpose's own types first (a phone's picker offers documents for a diploma), then any
        // image, which is re-encoded as a JPEG.
        accept={[...UPLOAD_RULES[purpose].types, 'image/*'].join(',')}
        multiple={!replaces}
        hidden
        data-testid={`upload-${purpose}`}
        onChange={(event) => void handleFiles(event)}
      />
      <Button
        variant="outline"
        alignSelf="flex-start"
        onClick={() => input.current?.click()}
        disabled={room <= 0 || uploading > 0}
        aria-describedby={hintId}
      >
        {uploading > 0 ? <Spinner size="sm" /> : <LuImagePlus />}
        {replaces && value.length ? 'Changer la photo' : `Ajouter ${replaces ? 'une photo' : 'des diplômes'}`}
      </Button>
    </Stack>
  );
}

/** A PDF has no thumbnail: its icon, opening the document in a new tab (its presigned address, or the local copy just sent). */
function PdfTile({ name, url }: { name: string; url: string | null }) {
  const face = (
    <Stack align="center" justify="center" gap="1" w="full" h="full" color="fg.muted">
      <LuFileText size="28" aria-hidden />
      <Text fontSize="xs" fontWeight="semibold">
        PDF
      </Text>
    </Stack>
  );
  if (!url) return face;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" w="full" h="full" aria-label={`${name} en PDF, s'ouvre dans un nouvel onglet`}>
      {face}
    </Link>
  );
}
