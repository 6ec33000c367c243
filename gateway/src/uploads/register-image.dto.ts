import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { NOT_OUR_UPLOAD_URL } from './uploads.service';

/** PUT /api/products/images: the upload URL the file was PUT to. */
export class RegisterImageDto {
  @MaxLength(2048, { message: NOT_OUR_UPLOAD_URL })
  @IsNotEmpty({ message: 'imageURL is required' })
  @IsString({ message: NOT_OUR_UPLOAD_URL })
  imageURL: string;
}
