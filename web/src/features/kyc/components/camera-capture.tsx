import { CAMERA_IDEAL } from '#shared/constants';
import { uploadsMessages } from '#shared/message-catalogue/uploads';
import { type UploadPurpose } from '#shared/upload-schemas';
import { AspectRatio, Box, Button, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { LuCamera, LuCheck, LuImageUp, LuRotateCcw } from 'react-icons/lu';
import { notify } from '@/components/ui/notify';
import { captureVideoFrame, imageFileToJpeg, uploadFile } from '@/lib/uploads';

type CameraState = 'closed' | 'open' | 'captured';

interface CameraCaptureProps {
  purpose: Extract<UploadPurpose, 'kyc_cni' | 'kyc_selfie'>;
  /** The front camera for a selfie, the back one for a document. */
  facingMode: 'user' | 'environment';
  captureLabel: string;
  /** Called with the uploaded file's key once the user confirms the photo. */
  onConfirmed: (key: string) => void;
}

/**
 * Camera capture (spec §4): closed → open → captured → retake or confirm. Captures are JPEG at
 * quality 0.8. When the camera cannot be opened the user is told ('Erreur caméra') and can pick
 * a photo from the device instead.
 */
export function CameraCapture({ purpose, facingMode, captureLabel, onConfirmed }: CameraCaptureProps) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CameraState>('closed');
  const [cameraFailed, setCameraFailed] = useState(false);
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [videoReady, setVideoReady] = useState(false);

  const stopCamera = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };
  useEffect(() => stopCamera, []);
  useEffect(() => () => void (photo && URL.revokeObjectURL(photo.url)), [photo]);

  const openCamera = async () => {
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia indisponible');
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode, width: { ideal: CAMERA_IDEAL.width }, height: { ideal: CAMERA_IDEAL.height } },
        audio: false,
      });
      setVideoReady(false);
      setState('open');
    } catch (error) {
      console.error(error);
      stopCamera();
      setCameraFailed(true);
      notify.error({ title: uploadsMessages.cameraErrorTitle, description: uploadsMessages.cameraError });
    }
  };

  // Attach the stream once the <video> is rendered.
  useEffect(() => {
    if (state === 'open' && video.current && stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => undefined);
    }
  }, [state]);

  const capture = async () => {
    if (!video.current || video.current.videoWidth === 0) return;
    const blob = await captureVideoFrame(video.current);
    stopCamera();
    setPhoto({ blob, url: URL.createObjectURL(blob) });
    setState('captured');
  };

  const pickFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const blob = await imageFileToJpeg(file);
      setPhoto({ blob, url: URL.createObjectURL(blob) });
      setState('captured');
    } catch {
      notify.error({ title: uploadsMessages.uploadErrorTitle, description: uploadsMessages.uploadError });
    }
  };

  const retake = () => {
    setPhoto(null);
    if (cameraFailed) {
      setState('closed');
      picker.current?.click();
    } else {
      void openCamera();
    }
  };

  const confirm = async () => {
    if (!photo) return;
    setUploading(true);
    try {
      const key = await uploadFile(photo.blob, purpose);
      notify.success({ title: uploadsMessages.uploadSuccess });
      onConfirmed(key);
    } catch (error) {
      console.error(error);
      notify.error({ title: uploadsMessages.uploadErrorTitle, description: uploadsMessages.uploadError });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="4">
      <AspectRatio ratio={16 / 9} bg="bg.emphasized" rounded="lg" overflow="hidden">
        <Box>
          {state === 'open' && (
            <video
              ref={video}
              autoPlay
              playsInline
              muted
              onLoadedData={() => setVideoReady(true)}
              aria-label="Aperçu de la caméra"
              style={{ width: '100%', height: '100%', objectFit: 'cover', transform: facingMode === 'user' ? 'scaleX(-1)' : undefined }}
            />
          )}
          {state === 'captured' && photo && <Image src={photo.url} alt="Photo capturée" objectFit="contain" w="full" h="full" />}
          {state === 'closed' && (
            <Stack align="center" justify="center" h="full" color="fg.muted" gap="2" px="4" textAlign="center">
              <LuCamera size="32" />
              <Text fontSize="sm">{cameraFailed ? uploadsMessages.cameraError : 'Caméra fermée'}</Text>
            </Stack>
          )}
        </Box>
      </AspectRatio>

      <input
        ref={picker}
        type="file"
        accept="image/*"
        capture={facingMode}
        hidden
        data-testid={`picker-${purpose}`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          void pickFile(file);
        }}
      />

      {state === 'closed' && (
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          {!cameraFailed && (
            <Button onClick={() => void openCamera()}>
              <LuCamera />
              Ouvrir la caméra
            </Button>
          )}
          <Button variant={cameraFailed ? 'solid' : 'outline'} onClick={() => picker.current?.click()}>
            <LuImageUp />
            Choisir une photo
          </Button>
        </Stack>
      )}
      {state === 'open' && (
        <Button onClick={() => void capture()} disabled={!videoReady}>
          <LuCamera />
          {captureLabel}
        </Button>
      )}
      {state === 'captured' && (
        <HStack gap="3">
          <Button variant="outline" flex="1" onClick={retake} disabled={uploading}>
            <LuRotateCcw />
            Reprendre
          </Button>
          <Button flex="1" onClick={() => void confirm()} loading={uploading}>
            <LuCheck />
            Confirmer
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
