// Fictional programming. `releaseOffsetDays` is relative to the seed day (negative: already
// released). Trailers alternate the two YouTube link forms the site must handle.

export type MovieStatus = 'cartelera' | 'preventa' | 'estreno';

export interface MovieSeed {
  id: number;
  slug: string;
  title: string;
  original_title: string;
  duration: number;
  gender: string;
  releaseOffsetDays: number;
  rating: string;
  director: string;
  language: string;
  country: string;
  synopsis: string;
  trailer: string;
  versions: string[];
  formats: string[];
  status: MovieStatus;
}

export const MOVIES: MovieSeed[] = [
  {
    id: 1, slug: 'el-ultimo-faro', title: 'El Último Faro', original_title: 'The Last Lighthouse',
    duration: 118, gender: 'Drama', releaseOffsetDays: -12, rating: '15 años', director: 'Helena Marsh',
    language: 'Inglés', country: 'Reino Unido',
    synopsis: 'Una guardiana de faro en una isla remota recibe a un náufrago que guarda un secreto capaz de cambiar la historia de su pueblo.',
    trailer: 'https://youtu.be/vZf4r0aLt01', versions: ['Subtitulada'], formats: ['2D'], status: 'cartelera',
  },
  {
    id: 2, slug: 'galaxia-perdida', title: 'Galaxia Perdida', original_title: 'Lost Galaxy',
    duration: 134, gender: 'Ciencia ficción', releaseOffsetDays: -5, rating: '12 años', director: 'Marcus Oyelaran',
    language: 'Inglés', country: 'Estados Unidos',
    synopsis: 'La tripulación de la nave Aurora despierta a años luz de casa y descubre que la galaxia que buscaban dejó de existir.',
    trailer: 'https://www.youtube.com/watch?v=vZg4l4xY002', versions: ['Doblada', 'Subtitulada'], formats: ['2D', '3D'], status: 'cartelera',
  },
  {
    id: 3, slug: 'risas-en-la-montana', title: 'Risas en la Montaña', original_title: 'Risas en la Montaña',
    duration: 97, gender: 'Comedia', releaseOffsetDays: -20, rating: 'Todos', director: 'Camila Restrepo',
    language: 'Español', country: 'Colombia',
    synopsis: 'Una familia bogotana hereda una finca cafetera y descubre que administrarla es más difícil, y más divertido, de lo que imaginaba.',
    trailer: 'https://youtu.be/vZr1s4sM003', versions: ['Doblada'], formats: ['2D'], status: 'cartelera',
  },
  {
    id: 4, slug: 'sombras-del-pasado', title: 'Sombras del Pasado', original_title: 'Shadows of the Past',
    duration: 104, gender: 'Terror', releaseOffsetDays: -3, rating: '18 años', director: 'Ingrid Solberg',
    language: 'Inglés', country: 'Noruega',
    synopsis: 'Al mudarse a la casa de su infancia, una mujer empieza a recibir cartas escritas con su propia letra, fechadas treinta años atrás.',
    trailer: 'https://www.youtube.com/watch?v=vZs0mBr4004', versions: ['Subtitulada'], formats: ['2D'], status: 'cartelera',
  },
  {
    id: 5, slug: 'la-gran-aventura-de-tito', title: 'La Gran Aventura de Tito', original_title: "Tito's Big Adventure",
    duration: 92, gender: 'Animación', releaseOffsetDays: -9, rating: 'Todos', director: 'Paula Ferreyra',
    language: 'Inglés', country: 'Argentina',
    synopsis: 'Tito, un pequeño tití cabeciblanco, emprende un viaje por la selva para devolver a su familia el árbol que les pertenece.',
    trailer: 'https://youtu.be/vZt1t0aV005', versions: ['Doblada'], formats: ['2D', '3D'], status: 'cartelera',
  },
  {
    id: 6, slug: 'codigo-rojo', title: 'Código Rojo', original_title: 'Code Red',
    duration: 126, gender: 'Acción', releaseOffsetDays: -7, rating: '15 años', director: 'Dario Kessler',
    language: 'Inglés', country: 'Estados Unidos',
    synopsis: 'Una negociadora de rehenes tiene una sola noche para detener un ataque informático que apagará las luces de toda la ciudad.',
    trailer: 'https://www.youtube.com/watch?v=vZc0d1gR006', versions: ['Doblada', 'Subtitulada'], formats: ['2D'], status: 'cartelera',
  },
  {
    id: 7, slug: 'amor-en-cartagena', title: 'Amor en Cartagena', original_title: 'Amor en Cartagena',
    duration: 109, gender: 'Romance', releaseOffsetDays: -14, rating: '12 años', director: 'Andrés Lozano',
    language: 'Español', country: 'Colombia',
    synopsis: 'Dos arquitectos rivales deben restaurar juntos una casa colonial de la ciudad amurallada antes del festival de cine.',
    trailer: 'https://youtu.be/vZa0mOrC007', versions: ['Subtitulada'], formats: ['2D'], status: 'cartelera',
  },
  {
    id: 8, slug: 'el-guardian-del-rio', title: 'El Guardián del Río', original_title: 'River Keeper',
    duration: 113, gender: 'Aventura', releaseOffsetDays: -2, rating: '7 años', director: 'Sofía Almeida',
    language: 'Portugués', country: 'Brasil',
    synopsis: 'Un joven pescador del Amazonas descubre que el delfín rosado que lo salvó de niño protege un tesoro que muchos quieren.',
    trailer: 'https://www.youtube.com/watch?v=vZg0uArD008', versions: ['Doblada'], formats: ['2D', '3D'], status: 'cartelera',
  },
  {
    id: 9, slug: 'noche-de-jazz', title: 'Noche de Jazz', original_title: 'Jazz Night',
    duration: 101, gender: 'Musical', releaseOffsetDays: -25, rating: '12 años', director: 'Louis Bennett',
    language: 'Inglés', country: 'Francia',
    synopsis: 'En el París de 1958, una pianista autodidacta se cuela en el club más exclusivo de la ciudad para tocar una sola canción.',
    trailer: 'https://youtu.be/vZn0cHeJ009', versions: ['Subtitulada'], formats: ['2D'], status: 'cartelera',
  },
  {
    id: 10, slug: 'operacion-condor', title: 'Operación Cóndor', original_title: 'Operation Condor',
    duration: 121, gender: 'Suspenso', releaseOffsetDays: -1, rating: '18 años', director: 'Valeria Quintero',
    language: 'Español', country: 'Chile',
    synopsis: 'Una periodista investiga la desaparición de un piloto en los Andes y encuentra una red de espionaje que nadie quiere recordar.',
    trailer: 'https://www.youtube.com/watch?v=vZo0pCoN010', versions: ['Subtitulada'], formats: ['2D'], status: 'cartelera',
  },
  {
    id: 11, slug: 'pequenos-gigantes', title: 'Pequeños Gigantes', original_title: 'Little Giants',
    duration: 88, gender: 'Animación', releaseOffsetDays: -30, rating: 'Todos', director: 'Kenji Moriyama',
    language: 'Japonés', country: 'Japón',
    synopsis: 'Un grupo de hormigas inventoras construye una máquina voladora para salvar su colonia de la temporada de lluvias.',
    trailer: 'https://youtu.be/vZp3qG1g011', versions: ['Doblada', 'Subtitulada'], formats: ['2D', '3D'], status: 'cartelera',
  },
  {
    id: 12, slug: 'tormenta-solar', title: 'Tormenta Solar', original_title: 'Solar Storm',
    duration: 140, gender: 'Ciencia ficción', releaseOffsetDays: 8, rating: '12 años', director: 'Marcus Oyelaran',
    language: 'Inglés', country: 'Estados Unidos',
    synopsis: 'Cuando una tormenta solar apaga los satélites del planeta, una astronauta varada debe reiniciarlos a mano desde la órbita.',
    trailer: 'https://www.youtube.com/watch?v=vZt0rM3n012', versions: ['Doblada', 'Subtitulada'], formats: ['2D', '3D'], status: 'preventa',
  },
  {
    id: 13, slug: 'el-secreto-de-la-abuela', title: 'El Secreto de la Abuela', original_title: 'El Secreto de la Abuela',
    duration: 99, gender: 'Comedia', releaseOffsetDays: 15, rating: 'Todos', director: 'Camila Restrepo',
    language: 'Español', country: 'Colombia',
    synopsis: 'Tres nietos descubren que su abuela, la mejor cocinera de Medellín, fue en su juventud una famosa campeona de lucha libre.',
    trailer: 'https://youtu.be/vZs3cR3t013', versions: ['Doblada'], formats: ['2D'], status: 'estreno',
  },
  {
    id: 14, slug: 'viaje-al-centro-del-mar', title: 'Viaje al Centro del Mar', original_title: 'Journey to the Deep',
    duration: 115, gender: 'Aventura', releaseOffsetDays: 22, rating: '7 años', director: 'Sofía Almeida',
    language: 'Inglés', country: 'Australia',
    synopsis: 'Una bióloga marina y su hijo bajan en un submarino experimental hasta la fosa más profunda del Pacífico.',
    trailer: 'https://www.youtube.com/watch?v=vZv1aJe0014', versions: ['Doblada', 'Subtitulada'], formats: ['2D', '3D'], status: 'estreno',
  },
  {
    id: 15, slug: 'heroes-de-barrio', title: 'Héroes de Barrio', original_title: 'Héroes de Barrio',
    duration: 106, gender: 'Acción', releaseOffsetDays: 29, rating: '15 años', director: 'Andrés Lozano',
    language: 'Español', country: 'Colombia',
    synopsis: 'Los vecinos de un barrio de Cali se organizan para salvar la cancha donde crecieron de una constructora sin escrúpulos.',
    trailer: 'https://youtu.be/vZh3r0eS015', versions: ['Subtitulada'], formats: ['2D'], status: 'estreno',
  },
];
