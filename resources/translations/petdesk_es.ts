<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>PagingWording</name>
    <message>
        <source>The service offered a page that was already shown, so PetDesk stopped loading more. All pets received are listed.</source>
        <translation>El servicio ofreció una página que ya se había mostrado, así que PetDesk dejó de cargar más. Se muestran todas las mascotas recibidas.</translation>
    </message>
</context>
<context>
    <name>PetRules</name>
    <message>
        <source>must not be blank</source>
        <extracomment>A positive int64 identifier (``id``, ``categoryId``, ``petId``).</extracomment>
        <translation>no puede estar vacío</translation>
    </message>
    <message>
        <source>must be at most {max} characters</source>
        <translation>debe tener como máximo {max} caracteres</translation>
    </message>
    <message>
        <source>must not contain control characters (found U+{code})</source>
        <translation>no puede contener caracteres de control (encontrado U+{code})</translation>
    </message>
    <message>
        <source>must not contain invisible formatting characters such as direction overrides or zero-width spaces (found U+{code})</source>
        <translation>no puede contener caracteres de formato invisibles, como cambios de dirección o espacios de ancho cero (encontrado U+{code})</translation>
    </message>
</context>
<context>
    <name>PetStoreError</name>
    <message>
        <source>The service address is not a valid address.</source>
        <extracomment>Anything in a next link&apos;s path that URL parsing would change or that could move it out of the service: dot segments, escapes, backslashes, &quot;@&quot;, whitespace. Something that looks like a markup tag or entity (``&lt;a href``, ``&lt;/b&gt;``, ``&amp;lt;``).</extracomment>
        <translation>La dirección del servicio no es válida.</translation>
    </message>
    <message>
        <source>No API key is set.</source>
        <translation>No hay ninguna clave de API.</translation>
    </message>
    <message>
        <source>A pet ID is a whole number from 1 to 9223372036854775807.</source>
        <translation>El ID de un animal es un número entero de 1 a 9223372036854775807.</translation>
    </message>
    <message>
        <source>The timeout must be between 0 and 600 seconds.</source>
        <translation>El tiempo de espera debe estar entre 0 y 600 segundos.</translation>
    </message>
    <message>
        <source>That page address does not belong to this service.</source>
        <extracomment>The quota of a server that sends no X-RateLimit headers, learnt from 429s. ``GET /pets`` URLs by (limit, status): building one costs more than the rest of the request&apos;s own bookkeeping (figure 7 of the benchmarks). A next link that starts with this (and has nothing to normalise) is ours.</extracomment>
        <translation>Esa dirección de página no pertenece a este servicio.</translation>
    </message>
    <message>
        <source>The service redirected too many times.</source>
        <translation>El servicio redirigió demasiadas veces.</translation>
    </message>
    <message>
        <source>Could not connect to the Pet Store service in time.</source>
        <translation>No se pudo conectar a tiempo con el servicio Pet Store.</translation>
    </message>
    <message>
        <source>The connection to the Pet Store service was interrupted.</source>
        <translation>Se interrumpió la conexión con el servicio Pet Store.</translation>
    </message>
    <message>
        <source>This API key is not allowed to do that.</source>
        <translation>Esta clave de API no tiene permiso para eso.</translation>
    </message>
    <message>
        <source>Something went wrong while talking to the Pet Store service.</source>
        <extracomment>The sentence shown to the user.</extracomment>
        <translation>Algo falló al comunicarse con el servicio Pet Store.</translation>
    </message>
    <message>
        <source>The Pet Store service did not accept the values sent.</source>
        <translation>El servicio Pet Store no aceptó los valores enviados.</translation>
    </message>
    <message>
        <source>The API key was not accepted. Open File › API key… to check it.</source>
        <extracomment>The wire name of the field the server complained about, when it can be told.</extracomment>
        <translation>La clave de API no fue aceptada. Ábrala en Archivo › Clave de API… para comprobarla.</translation>
    </message>
    <message>
        <source>No API key is set for this environment. Enter one to continue.</source>
        <translation>No hay clave de API para este entorno. Escriba una para continuar.</translation>
    </message>
    <message>
        <source>No pet with that ID was found.</source>
        <translation>No se encontró ningún animal con ese ID.</translation>
    </message>
    <message>
        <source>The Pet Store service is limiting requests right now.</source>
        <translation>El servicio Pet Store está limitando las solicitudes ahora mismo.</translation>
    </message>
    <message>
        <source>The Pet Store service had a problem. Please try again in a moment.</source>
        <translation>El servicio Pet Store tuvo un problema. Vuelva a intentarlo en un momento.</translation>
    </message>
    <message>
        <source>Could not reach the Pet Store service. Check the network connection.</source>
        <translation>No se pudo contactar con el servicio Pet Store. Compruebe la conexión de red.</translation>
    </message>
    <message>
        <source>The service address does not exist: no computer on the network has that name. Check the address in File › API key….</source>
        <translation>La dirección del servicio no existe: ningún ordenador de la red tiene ese nombre. Compruebe la dirección en Archivo › Clave de API….</translation>
    </message>
    <message>
        <source>The Pet Store service took too long to answer.</source>
        <translation>El servicio Pet Store tardó demasiado en responder.</translation>
    </message>
    <message>
        <source>The Pet Store service sent an answer PetDesk could not understand.</source>
        <translation>El servicio Pet Store envió una respuesta que PetDesk no entiende.</translation>
    </message>
    <message>
        <source>The pet may or may not have been added: the service did not confirm it. Refresh the list and check before adding it again.</source>
        <translation>Puede que el animal se haya añadido o no: el servicio no lo confirmó. Actualice la lista y compruébelo antes de volver a añadirlo.</translation>
    </message>
    <message>
        <source>The request was stopped.</source>
        <translation>La solicitud se detuvo.</translation>
    </message>
    <message>
        <source>PetDesk is not set up correctly for this service.</source>
        <translation>PetDesk no está bien configurado para este servicio.</translation>
    </message>
    <message>
        <source>That value cannot be sent to the Pet Store service.</source>
        <translation>Ese valor no se puede enviar al servicio Pet Store.</translation>
    </message>
</context>
<context>
    <name>RateLimit</name>
    <message>
        <source>{remaining}/{limit} left</source>
        <extracomment>Larger counts than this are nonsense for a per-minute or per-day quota. A reset further than this from &quot;now&quot; (either way) is not believed. When the quota resets, converted to the local clock (UTC-aware). When the response was received (local clock, UTC-aware).</extracomment>
        <translation>quedan {remaining}/{limit}</translation>
    </message>
    <message>
        <source>{remaining} left</source>
        <translation>quedan {remaining}</translation>
    </message>
    <message>
        <source>resets {time}</source>
        <translation>se renueva {time}</translation>
    </message>
</context>
<context>
    <name>ServiceAddress</name>
    <message>
        <source>The service address is not a valid address.</source>
        <translation>La dirección del servicio no es una dirección válida.</translation>
    </message>
    <message>
        <source>The service address must start with https://.</source>
        <translation>La dirección del servicio debe empezar por https://.</translation>
    </message>
    <message>
        <source>The service address must use https:// (plain http:// is only allowed for a server on this computer).</source>
        <translation>La dirección del servicio debe usar https:// (http:// sin cifrar solo se permite para un servidor en este ordenador).</translation>
    </message>
    <message>
        <source>The service address must not contain a user name, a query or a fragment.</source>
        <translation>La dirección del servicio no debe contener un nombre de usuario, una consulta ni un fragmento.</translation>
    </message>
</context>
</TS>
