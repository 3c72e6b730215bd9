FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY polymem ./polymem
COPY bench ./bench
# Every extra the service uses: the embedding model, plots (polymem analytics --plot) and audio
# (polymem ingest-audio). torch and torchaudio come first from the CPU index, so pip keeps them.
RUN pip install --no-cache-dir "torch==2.9.1" "torchaudio==2.9.1" --index-url https://download.pytorch.org/whl/cpu \
 && pip install --no-cache-dir ".[models,plot,audio]"
ENV HF_HUB_OFFLINE=1
EXPOSE 8000
CMD ["polymem", "serve", "--host", "0.0.0.0", "--port", "8000"]
