import { messages } from '#shared/messages';
import { type UploadPurpose } from '#shared/upload-schemas';
import { Box, Button, IconButton, Image, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type ChangeEvent } from 'react';
import { LuImagePlus, LuX } from 'react-icons/lu';
import { notify } from '@/components/ui/notify';
import { imageFileToJpeg, isUploadableImage, uploadImage } from '@/lib/uploads';

export interface UploadedImage {
  key: string;
  /** A local preview (object URL) or the presigned URL of an image saved earlier. */
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

function uploadFailed() {
  notify.error({ title: messages.uploads.uploadErrorTitle, description: messages.uploads.uploadError });
}

/**
 * Picks and uploads images (spec §5): images only, at most `max`, extra files ignored. Each file
 * goes to S3 through a presigned POST as soon as it is picked.
 */
export function ImageUploader({ label, purpose, max, value, onChange }: ImageUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const replaces = max === 1;
  const room = replaces ? 1 : max - value.length;

  const handleFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.currentTarget.files ?? []).slice(0, room); // extra files ignored
    event.currentTarget.value = '';
    let images = value;
    for (const file of picked) {
      if (!file.type.startsWith('image/')) {
        uploadFailed();
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const uploadable = isUploadableImage(file) ? file : await imageFileToJpeg(file);
        const key = await uploadImage(uploadable, purpose);
        const uploaded = { key, previewUrl: URL.createObjectURL(uploadable) };
        images = replaces ? [uploaded] : [...images, uploaded];
        onChange(images);
        notify.success({ title: messages.uploads.uploadSuccess });
      } catch (error) {
        console.error(error);
        uploadFailed();
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  return (
    <Stack gap="3">
      <Text fontWeight="medium">
        {label}{' '}
        <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
          ({value.length}/{max})
        </Text>
      </Text>
      {value.length > 0 && (
        <SimpleGrid columns={{ base: 3, sm: 5 }} gap="2">
          {value.map((image, index) => (
            <Box key={image.key} position="relative" aspectRatio="1" rounded="md" overflow="hidden" bg="bg.muted" borderWidth="1px">
              {image.previewUrl && <Image src={image.previewUrl} alt={`${label} ${index + 1}`} objectFit="cover" w="full" h="full" />}
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
        accept="image/jpeg,image/png,image/webp,image/*"
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
      >
        {uploading > 0 ? <Spinner size="sm" /> : <LuImagePlus />}
        {replaces && value.length ? 'Changer la photo' : `Ajouter ${replaces ? 'une photo' : 'des diplômes'}`}
      </Button>
    </Stack>
  );
}
